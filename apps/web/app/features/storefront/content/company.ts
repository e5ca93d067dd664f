/** Company pages' copy: story, open positions, press releases, investor metrics. */
export const STORY = [
  'Isaac began in 2021 in a Bengaluru apartment. Our founders, an aerospace engineer and a paediatric nurse, bought an air-quality monitor when their daughter kept waking up coughing. The bedroom read worse than the street outside, even with a purifier running in the living room.',
  'A fixed purifier only cleans the corner it sits in. So they built one that moves: a purifier on wheels that maps the home, follows the pollution and cleans the room that needs it most. The first ISAAC prototype was a HEPA filter strapped to a robot vacuum.',
  'Today our team of engineers, designers and installers builds ISAAC, SKYWALKER sensors, Lumos switches and whole-home automation, and installs them across India with our own crews.',
] as const;

export const OPEN_POSITIONS = [
  {
    title: 'Software Engineer',
    team: 'Platform',
    location: 'Bengaluru · Hybrid',
    type: 'Full-time',
    summary:
      'Build the services and apps that connect ISAAC, SKYWALKER and Lumos devices to homeowners and installers: TypeScript, React and PostgreSQL.',
  },
  {
    title: 'Product Manager',
    team: 'Smart Home',
    location: 'Bengaluru',
    type: 'Full-time',
    summary:
      'Own the automation and connected-home experience from the first quote to the installer’s handover, working with engineering, design and field teams.',
  },
  {
    title: 'Hardware Engineer',
    team: 'Devices',
    location: 'Bengaluru · On-site',
    type: 'Full-time',
    summary:
      'Design and validate sensor boards, motor drivers and power systems for the next ISAAC and SKYWALKER, from prototype to mass production.',
  },
] as const;

export const PRESS_RELEASES = [
  {
    date: '2026-09-15',
    title: 'Isaac launches whole-home automation packages from ₹99,000',
    summary:
      'Launch-offer packages for 2, 3 and 4 BHK homes bring lighting, climate and air-quality automation together, designed and installed by Isaac’s own team.',
  },
  {
    date: '2026-05-02',
    title: 'SKYWALKER sensor now backed by a 3-year warranty',
    summary:
      'Isaac extends the warranty on its SKYWALKER air-quality sensor to three years, citing field reliability data from tens of thousands of homes.',
  },
  {
    date: '2025-11-20',
    title: 'ISAAC passes 50,000 homes protected',
    summary:
      'The autonomous air purifier now cleans the air in more than 50,000 Indian homes across 14 cities, ahead of the winter pollution season.',
  },
] as const;

export const INVESTOR_METRICS = [
  { value: '50K+', label: 'Homes Protected' },
  { value: '3.1×', label: 'Revenue growth, year on year' },
  { value: '14', label: 'Cities with installation teams' },
  { value: '38%', label: 'Customers who buy a second product' },
] as const;
