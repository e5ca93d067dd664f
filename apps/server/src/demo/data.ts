/**
 * The demo's data (DEMO=true, which `npm start` sets): who the demo users are, their rooms, devices, orders,
 * installations and messages — values only; `seed.ts` writes them. Deterministic: the same rows every time.
 * Every demo account's password is the contract's DEMO_PASSWORD (`isaac-demo`).
 */
import { ROLE, type CustomerStatus, type DeviceType, type RoomType } from '@isaac/contract';

export const DEMO_ADMIN_EMAIL = 'admin@isaac.demo';
/** The first demo account of each role (admin, electrician, owner): every one is in DEMO_ACCOUNTS. */
export const DEMO_SIGN_INS = [
  { role: 'admin', email: DEMO_ADMIN_EMAIL },
  { role: 'electrician', email: 'electrician@isaac.demo' },
  { role: 'owner', email: 'owner@isaac.demo' },
] as const;

export interface DemoUser {
  key: string;
  name: string;
  email: string;
  role: number;
  mobile: string;
  city?: string;
  pincode?: string;
  address?: string;
}

/** The seeded users, each with the demo password: exactly the contract's DEMO_ACCOUNTS (seed.test). */
export const DEMO_USERS: DemoUser[] = [
  {
    key: 'admin',
    name: 'Aditi Rao',
    email: DEMO_ADMIN_EMAIL,
    role: ROLE.admin,
    mobile: '+91 98450 10001',
    city: 'Bengaluru',
    pincode: '560001',
    address: 'Isaac HQ, 12 Residency Road',
  },
  {
    key: 'electrician',
    name: 'Ravi Kumar',
    email: 'electrician@isaac.demo',
    role: ROLE.electrician,
    mobile: '+91 98450 20002',
    city: 'Bengaluru',
    pincode: '560034',
    address: '45 Koramangala 5th Block',
  },
  {
    key: 'electrician2',
    name: 'Suresh Patil',
    email: 'suresh.patil@isaac.demo',
    role: ROLE.electrician,
    mobile: '+91 98200 20003',
    city: 'Mumbai',
    pincode: '400053',
    address: '8 Lokhandwala Complex, Andheri West',
  },
  {
    key: 'owner',
    name: 'Priya Sharma',
    email: 'owner@isaac.demo',
    role: ROLE.owner,
    mobile: '+91 98860 30001',
    city: 'Bengaluru',
    pincode: '560038',
    address: 'Flat 302, Prestige Shantiniketan, Indiranagar',
  },
  {
    key: 'owner2',
    name: 'Arjun Mehta',
    email: 'arjun.mehta@isaac.demo',
    role: ROLE.owner,
    mobile: '+91 98190 30002',
    city: 'Mumbai',
    pincode: '400050',
    address: '14 Carter Road, Bandra West',
  },
  {
    key: 'owner3',
    name: 'Kavya Iyer',
    email: 'kavya.iyer@isaac.demo',
    role: ROLE.owner,
    mobile: '+91 94440 30003',
    city: 'Chennai',
    pincode: '600017',
    address: '22 Thyagaraya Road, T. Nagar',
  },
  {
    key: 'owner4',
    name: 'Rohan Gupta',
    email: 'rohan.gupta@isaac.demo',
    role: ROLE.owner,
    mobile: '+91 98110 30004',
    city: 'New Delhi',
    pincode: '110017',
    address: 'C-9 Malviya Nagar',
  },
  {
    key: 'owner5',
    name: 'Sneha Reddy',
    email: 'sneha.reddy@isaac.demo',
    role: ROLE.owner,
    mobile: '+91 98490 30005',
    city: 'Hyderabad',
    pincode: '500033',
    address: 'Villa 7, Jubilee Hills Road No. 36',
  },
  {
    key: 'owner6',
    name: 'Vikram Joshi',
    email: 'vikram.joshi@isaac.demo',
    role: ROLE.owner,
    mobile: '+91 98220 30006',
    city: 'Pune',
    pincode: '411001',
    address: '3 Koregaon Park Lane 5',
  },
];

export const ROOM_NAMES: Record<RoomType, string> = {
  bedroom: 'Master Bedroom',
  living_room: 'Living Room',
  kitchen: 'Kitchen',
  bathroom: 'Bathroom',
  office: 'Home Office',
  dining_room: 'Dining Room',
  garage: 'Garage',
  other: 'Balcony',
  general: 'Hall',
};

/** Rooms per owner; together they use every room type. */
export const OWNER_ROOMS: Record<string, RoomType[]> = {
  owner: ['living_room', 'bedroom', 'kitchen', 'office', 'dining_room', 'bathroom'],
  owner2: ['living_room', 'bedroom', 'garage'],
  owner3: ['general', 'kitchen', 'bedroom'],
  owner4: ['living_room', 'other', 'office'],
  owner5: ['living_room', 'bedroom', 'dining_room', 'garage'],
  owner6: ['bedroom', 'kitchen'],
};

export const MODELS: Record<DeviceType, string[]> = {
  isaac: ['ISAAC Air Purifier', 'ISAAC Air Purifier Pro'],
  lumos: ['Lumos 1-Gang', 'Lumos 2-Gang', 'Lumos 3-Gang', 'Lumos 4-Gang'],
  skywalker: ['SKYWALKER Air Sensor'],
};
export const SERIAL_PREFIX: Record<DeviceType, string> = { isaac: 'ISC', lumos: 'LMS', skywalker: 'SKW' };
export const DEVICE_LABEL: Record<DeviceType, string> = {
  isaac: 'Purifier',
  lumos: 'Switch',
  skywalker: 'Air Sensor',
};
/**
 * Device names as owners give them: a placed device is named after its room ("Kitchen Light
 * Switch"), a second one of the same kind in that room by what it does ("Kitchen Fan Switch"); a
 * device not placed yet gets a name that names no room. Unowned stock is named by its serial number.
 */
export const DEVICE_NAMES: Record<DeviceType, { placed: string[]; unplaced: string[] }> = {
  isaac: {
    placed: ['Purifier', 'Corner Purifier'],
    unplaced: ['Portable Purifier', 'Spare Purifier', 'New Purifier'],
  },
  lumos: {
    placed: ['Light Switch', 'Fan Switch', 'Lamp Switch'],
    unplaced: ['Spare Switch', 'Boxed Switch', 'New Switch'],
  },
  skywalker: {
    placed: ['Air Sensor', 'Window Air Sensor'],
    unplaced: ['Portable Air Sensor', 'Spare Air Sensor', 'New Air Sensor'],
  },
};

export const FIRMWARE_ON_DEVICES = ['1.0.0', '1.1.0', '1.2.3'];
export const FIRMWARE_RELEASES: Record<DeviceType, string[]> = {
  isaac: ['1.0.0', '1.1.0', '1.2.3', '1.3.0'],
  lumos: ['1.0.0', '1.1.0', '1.2.3'],
  skywalker: ['1.0.0', '1.1.0', '1.2.3', '1.4.0'],
};

export const TYPE_CYCLE: DeviceType[] = ['isaac', 'lumos', 'skywalker', 'lumos'];
export const BATTERY = [92, 78, 64, 51, 43, 35, 27, 18, 9, 100, 86, 57];

/** Devices per owner key (null = unassigned stock). 48 in all. */
export const DEVICE_PLAN: [string | null, number][] = [
  ['owner', 12],
  ['owner2', 6],
  ['owner3', 5],
  ['owner4', 5],
  ['owner5', 6],
  ['owner6', 4],
  [null, 10],
];

/**
 * Storefront orders of the last eight weeks, so the admin reports have revenue to show: one every
 * 2.4 days, catalog products at catalog prices, bought by the demo owners. Most are paid (three minutes
 * after they were created); every sixth was abandoned (`created`) and every eighth had a failed payment
 * (`attempted`), so the reports can show that only paid orders count.
 */
export const ORDER_PRODUCTS = [
  'isaac-purifier',
  'skywalker-sensor',
  'hepa-filter',
  'skywalker-sensor',
  'carbon-filter',
  'remote-control',
  'isaac-purifier',
  'wall-mount-kit',
];
export const DEMO_ORDER_COUNT = 24;

/** Messages from the contact page, newest first, for the admin Messages screen. */
export const DEMO_CONTACT_MESSAGES = [
  {
    name: 'Nikhil Bose',
    email: 'nikhil.bose@example.com',
    subject: 'technical-support',
    message: 'My ISAAC shows a red filter light two months after I changed the filter. Is the sensor faulty?',
    daysAgo: 0.2,
  },
  {
    name: 'Farah Khan',
    email: 'farah.khan@example.com',
    subject: 'product-inquiry',
    message: 'Does one SKYWALKER cover a 3 BHK, or do I need one per room? We have two floors.',
    daysAgo: 1.5,
  },
  {
    name: 'Greenfield Residency RWA',
    email: 'rwa@greenfield.example.com',
    subject: 'partnership',
    message: 'We manage 240 flats in Whitefield and would like a bulk quote for purifiers with installation.',
    daysAgo: 4,
  },
] as const;
export const ORDER_BUYERS = ['owner', 'owner2', 'owner3', 'owner4', 'owner5', 'owner6'];

/** Electrician ↔ customer assignments; the installation date in days ago (negative: days ahead). */
export const DEMO_ASSIGNMENTS: {
  electrician: string;
  customer: string;
  daysAgo: number;
  status: CustomerStatus;
}[] = [
  { electrician: 'electrician', customer: 'owner', daysAgo: 14, status: 'completed' },
  { electrician: 'electrician', customer: 'owner3', daysAgo: 0, status: 'in_progress' },
  { electrician: 'electrician', customer: 'owner4', daysAgo: 0, status: 'assigned' },
  { electrician: 'electrician', customer: 'owner5', daysAgo: -3, status: 'assigned' },
  { electrician: 'electrician', customer: 'owner6', daysAgo: 2, status: 'in_progress' },
  { electrician: 'electrician2', customer: 'owner2', daysAgo: 5, status: 'completed' },
];

/**
 * Electrician ↔ device assignments: their customers' devices plus some stock, as slices
 * [owner key (null: unowned stock), from, to (none: to the end)] of each owner's devices.
 */
export const DEMO_DEVICE_ASSIGNMENTS: { electrician: string; slices: [string | null, number, number?][] }[] =
  [
    {
      electrician: 'electrician',
      slices: [
        ['owner', 0, 4],
        ['owner3', 0],
        ['owner4', 0, 3],
        [null, 0, 4],
      ],
    },
    {
      electrician: 'electrician2',
      slices: [
        ['owner2', 0, 4],
        [null, 4, 7],
      ],
    },
  ];

/** Installations in every status and phase; the installation date in days ago (negative: days ahead). */
export const DEMO_INSTALLATIONS = [
  {
    electrician: 'electrician',
    customer: 'owner',
    status: 'completed',
    phase: 'completed',
    daysAgo: 14,
    complex: 'Prestige Shantiniketan',
    unit: 'A-302',
    trained: true,
  },
  {
    electrician: 'electrician',
    customer: 'owner3',
    status: 'in_progress',
    phase: 'in_progress',
    daysAgo: 0,
    complex: 'Casa Grande',
    unit: 'T2-1104',
    trained: false,
  },
  {
    electrician: 'electrician',
    customer: 'owner4',
    status: 'pending',
    phase: 'pre_installation',
    daysAgo: 0,
    complex: 'DLF Capital Greens',
    unit: 'B-803',
    trained: false,
  },
  {
    electrician: 'electrician',
    customer: 'owner5',
    status: 'pending',
    phase: 'pre_installation',
    daysAgo: -3,
    complex: 'My Home Bhooja',
    unit: 'Villa 7',
    trained: false,
  },
  // One open installation per customer (issue 30): owner6's first visit is done, the second under way.
  {
    electrician: 'electrician',
    customer: 'owner6',
    status: 'completed',
    phase: 'completed',
    daysAgo: 20,
    complex: 'Panchshil Trump Towers',
    unit: 'T1-2201',
    trained: true,
  },
  {
    electrician: 'electrician',
    customer: 'owner6',
    status: 'in_progress',
    phase: 'post_installation',
    daysAgo: 1,
    complex: 'Panchshil Trump Towers',
    unit: 'T1-2202',
    trained: false,
  },
  {
    electrician: 'electrician2',
    customer: 'owner2',
    status: 'completed',
    phase: 'completed',
    daysAgo: 5,
    complex: 'Sea Breeze Apartments',
    unit: '14B',
    trained: true,
  },
] as const;
