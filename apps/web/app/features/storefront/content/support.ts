/** Installation guide, warranty and contact-support copy (spec sections 2 and 9). */
export const INSTALLATION_STEPS = [
  {
    title: 'Unbox and charge',
    body: 'Take ISAAC out of the box, remove the protective film and the foam from the filter bay, and place it on its dock for a full charge (about 3 hours). The light ring turns solid green when it is ready.',
  },
  {
    title: 'Place the dock',
    body: 'Put the dock against a wall on a hard, level floor, with 50 cm of free space on each side and 1 m in front, near a power socket and within Wi-Fi range.',
  },
  {
    title: 'Install the app and sign in',
    body: 'Download the Isaac app, create an account or sign in, and tap Add Device. Keep Bluetooth switched on on your phone.',
  },
  {
    title: 'Pair over Bluetooth',
    body: 'Hold the power button on ISAAC for 5 seconds until the ring pulses blue. The app finds it over Bluetooth and pairs automatically.',
  },
  {
    title: 'Connect to Wi-Fi',
    body: 'Choose your 2.4 GHz Wi-Fi network and enter its password. ISAAC does not support 5 GHz-only networks; most routers offer both bands.',
  },
  {
    title: 'Map your home and start cleaning',
    body: 'Open every door and tap Map My Home. ISAAC explores and builds a floor plan in about 20 minutes. Name the rooms, add SKYWALKER sensors, and start your first clean.',
  },
] as const;

export const INSTALLATION_TIPS = [
  'Keep cables, socks and small toys off the floor before the first mapping run.',
  'Place one SKYWALKER sensor per room at breathing height, away from windows and the kitchen stove.',
  'Use a 2.4 GHz network name that is different from your 5 GHz one if pairing keeps failing.',
  'Set a night schedule in sleep mode (under 25 dB) for bedrooms.',
  'Automation and connected-home customers: our installation team contacts you within 24 hours of your order to schedule the visit.',
] as const;

export const PRE_FILTER_CLEANING = [
  'Switch ISAAC off and lift the top cover.',
  'Slide out the pre-filter (the outer mesh layer).',
  'Vacuum the loose dust, then rinse under lukewarm running water. Do not use soap or a brush.',
  'Let it dry completely in the shade for at least 24 hours.',
  'Slide it back in and reset the pre-filter reminder in the app.',
] as const;

export const COMMON_ISSUES = [
  {
    problem: 'ISAAC does not connect to Wi-Fi',
    fix: 'Make sure the network is 2.4 GHz, the password is correct and the router is within 10 m during setup. Restart pairing by holding the power button for 5 seconds.',
  },
  {
    problem: 'ISAAC cannot find its dock',
    fix: 'Check that the dock is plugged in, its light is on and nothing blocks the 1 m in front of it. Wipe the charging contacts with a dry cloth.',
  },
  {
    problem: 'SKYWALKER shows no readings',
    fix: 'Check the USB-C power, then remove and add the sensor again in the app. The ring blinks amber while it is not connected.',
  },
  {
    problem: 'ISAAC is louder than usual',
    fix: 'A clogged pre-filter makes the fan work harder: wash it. If the noise continues, check the wheels for hair and contact support.',
  },
  {
    problem: 'The filter reminder keeps showing',
    fix: 'After replacing or washing a filter, open Device Settings → Filters and tap Reset for that filter.',
  },
] as const;

export interface WarrantyPlan {
  id: string;
  name: string;
  coverage: string;
  covered: readonly string[];
  notCovered: readonly string[];
}

/** Spec section 9: purifier 2 years, sensor 3 years, filters and accessories 90 days. */
export const WARRANTY_PLANS: readonly WarrantyPlan[] = [
  {
    id: 'purifier',
    name: 'ISAAC Air Purifier',
    coverage: '2 years',
    covered: [
      'Manufacturing defects in materials and workmanship',
      'Motor, fan, sensors and navigation hardware',
      'Battery and charging dock',
      'Free repair or replacement, with pickup from your home',
    ],
    notCovered: [
      'Filters (covered separately for 90 days)',
      'Damage from drops, liquids or power surges',
      'Repairs by anyone other than Isaac or an authorised partner',
      'Normal wear of wheels and cosmetic scratches',
    ],
  },
  {
    id: 'sensor',
    name: 'SKYWALKER Sensor',
    coverage: '3 years',
    covered: [
      'Manufacturing defects in materials and workmanship',
      'Sensor accuracy beyond the published tolerance',
      'Wi-Fi and Bluetooth radio failures',
      'Free replacement unit shipped to you',
    ],
    notCovered: [
      'Damage from liquids, drops or opening the case',
      'Use outdoors or in bathrooms with direct water exposure',
      'Third-party USB adapters and cables',
    ],
  },
  {
    id: 'filters-accessories',
    name: 'Filters and Accessories',
    coverage: '90 days',
    covered: [
      'Defects present on delivery',
      'Filters that do not fit or seal correctly',
      'Accessories that fail in normal use',
    ],
    notCovered: [
      'Normal filter wear: filters are consumables',
      'Pre-filters damaged by soap, brushes or machine washing',
      'Loss or theft',
    ],
  },
];

export const SUPPORT_CHANNELS = [
  {
    id: 'phone',
    title: 'Phone',
    availability: 'Mon-Fri 9AM-6PM IST',
    body: 'Talk to a product specialist about setup, orders or a fault.',
    action: 'Call us',
  },
  {
    id: 'chat',
    title: 'Live chat',
    availability: 'Available 24/7',
    body: 'Chat with our support team any time, day or night.',
    action: 'Start a chat',
  },
  {
    id: 'email',
    title: 'E-mail',
    availability: 'Reply within 24 hours',
    body: 'Send us the details and photos, and we will reply within 24 hours.',
    action: 'Send an e-mail',
  },
] as const;
