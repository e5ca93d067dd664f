/** Product-page copy: specifications and box contents (figures from spec section 9). */
export interface ProductPageContent {
  id: string;
  eyebrow: string;
  title: string;
  tagline: string;
  specs: readonly { label: string; value: string }[];
  highlights: readonly { title: string; body: string }[];
  inTheBox: readonly string[];
  warranty: string;
}

export const PURIFIER_PAGE: ProductPageContent = {
  id: 'isaac-purifier',
  eyebrow: 'Air Purifier',
  title: 'ISAAC Autonomous Air Purifier',
  tagline:
    'A purifier that goes where the pollution is. ISAAC maps your home, reads the air in every room and drives itself to clean the worst of it first.',
  specs: [
    { label: 'Coverage', value: 'Up to 500 sq ft' },
    { label: 'Filtration', value: '99.97% of particles down to 0.3 µm (H13 True HEPA)' },
    { label: 'Filter stages', value: 'Washable pre-filter, activated carbon, HEPA' },
    { label: 'Noise', value: 'Under 25 dB in sleep mode' },
    { label: 'Energy', value: 'Up to 60% savings versus a purifier in every room' },
    { label: 'Navigation', value: 'LiDAR room mapping with obstacle and cliff sensors' },
    { label: 'Battery', value: 'About 4 hours per charge, returns to its dock on its own' },
    { label: 'Connectivity', value: 'Wi-Fi 2.4 GHz, set up over Bluetooth from the app' },
    { label: 'Dimensions and weight', value: '32 × 32 × 68 cm, 7.5 kg' },
    { label: 'Warranty', value: '2 years' },
  ],
  highlights: [
    {
      title: 'Goes where the air is worst',
      body: 'SKYWALKER sensors and ISAAC’s own readings build a live air map. ISAAC visits the dirtiest room first and moves on when it is clean.',
    },
    {
      title: 'Three-stage filtration',
      body: 'A washable pre-filter catches hair and dust, activated carbon removes odours and VOCs, and the HEPA stage captures 99.97% of fine particles.',
    },
    {
      title: 'Quiet enough for bedrooms',
      body: 'Under 25 dB in sleep mode, with the lights dimmed and the route planned around your bed.',
    },
    {
      title: 'Tells you when filters are due',
      body: 'The app tracks filter life (HEPA 6 months, carbon 3 months, pre-filter cleaning every 2 months) and reminds you in time.',
    },
  ],
  inTheBox: [
    'ISAAC purifier with HEPA, carbon and pre-filter installed',
    'Charging dock and Smart Power Adapter',
    'Quick-start guide',
    'Free professional setup visit',
  ],
  warranty: '2-year warranty',
};

export const SENSOR_PAGE: ProductPageContent = {
  id: 'skywalker-sensor',
  eyebrow: 'Smart Sensor',
  title: 'SKYWALKER Air-Quality Sensor',
  tagline:
    'A palm-sized sensor for every room. SKYWALKER measures what you breathe and tells ISAAC, your phone and your automations when the air needs attention.',
  specs: [
    { label: 'Particles', value: 'PM1.0, PM2.5 and PM10 (laser scattering)' },
    { label: 'Gases', value: 'CO₂ (NDIR) and total VOCs' },
    { label: 'Climate', value: 'Temperature and relative humidity' },
    { label: 'Update rate', value: 'Every 10 seconds' },
    { label: 'Display', value: 'Colour LED ring showing air quality at a glance' },
    { label: 'Connectivity', value: 'Wi-Fi 2.4 GHz, set up over Bluetooth from the app' },
    { label: 'Power', value: 'USB-C, with a 12-hour backup battery for power cuts' },
    { label: 'Dimensions and weight', value: '8 × 8 × 3 cm, 120 g' },
    { label: 'Warranty', value: '3 years' },
  ],
  highlights: [
    {
      title: 'Every room, every 10 seconds',
      body: 'Place one SKYWALKER per room and see live PM2.5, CO₂ and VOC levels for the whole home in one app.',
    },
    {
      title: 'Sends ISAAC where it is needed',
      body: 'When a room crosses your threshold, SKYWALKER tells ISAAC to go there next.',
    },
    {
      title: 'Automations that react',
      body: 'Switch on an exhaust fan through Lumos when CO₂ rises, or close the windows when outdoor PM2.5 spikes.',
    },
    {
      title: 'Alerts on your phone',
      body: 'Get notified about smoke, high CO₂ or a sudden rise in particles, even when you are away.',
    },
  ],
  inTheBox: [
    'SKYWALKER sensor',
    'USB-C cable and adapter',
    'Table stand and wall plate',
    'Quick-start guide',
  ],
  warranty: '3-year warranty',
};
