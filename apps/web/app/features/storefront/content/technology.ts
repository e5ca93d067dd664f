/** Spec section 9 figures, shared by the landing page, the purifier page and the about page. */
export const TECH_FEATURES = [
  {
    title: 'Autonomous navigation',
    body: 'ISAAC maps your home and drives itself to the room where the air is worst, then moves on when it is clean.',
    icon: 'navigation',
  },
  {
    title: '99.97% filtration',
    body: 'A medical-grade H13 HEPA stage captures 99.97% of particles down to 0.3 microns: dust, pollen, smoke and PM2.5.',
    icon: 'filter',
  },
  {
    title: '500 sq ft coverage',
    body: 'One ISAAC cleans up to 500 sq ft, room by room, instead of a single corner where a fixed purifier sits.',
    icon: 'coverage',
  },
  {
    title: 'Under 25 dB',
    body: 'Quieter than a whisper in sleep mode, so it can work through the night in the bedroom.',
    icon: 'quiet',
  },
  {
    title: 'Up to 60% energy savings',
    body: 'Cleans only where and when it is needed, using up to 60% less energy than running purifiers in every room.',
    icon: 'energy',
  },
  {
    title: 'Sensor-driven',
    body: 'SKYWALKER sensors report PM2.5, CO₂ and VOCs from every room and tell ISAAC where to go next.',
    icon: 'sensor',
  },
] as const;

export type TechIcon = (typeof TECH_FEATURES)[number]['icon'];

export const TECH_STATS = [
  { value: '500 sq ft', label: 'Coverage per ISAAC' },
  { value: '99.97%', label: 'Particle filtration' },
  { value: '< 25 dB', label: 'Noise in sleep mode' },
  { value: '60%', label: 'Energy savings, up to' },
] as const;

/** Marketing copy (spec section 9: 50K+ is a marketing figure). */
export const HOMES_PROTECTED = '50K+';
