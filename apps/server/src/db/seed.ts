/**
 * Demo data (DEMO=true, which `npm start` sets): seeded once, on the first start (skipped when the
 * demo admin exists), in one transaction with batch inserts. Deterministic: the same rows every time.
 * Every demo account's password is `isaac-demo`.
 */
import {
  AUTH_PATHS,
  cardPricePaise,
  DEMO_PASSWORD,
  DEMO_VOICE_CLIENT_ID,
  DEMO_VOICE_CLIENT_NAME,
  findCatalogItem,
  FAN_SPEEDS,
  gangCountForModel,
  LUMOS_KITS,
  ROLE,
  type CustomerStatus,
  type DeviceType,
  type RoomType,
} from '@isaac/contract';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/passwords.ts';
import { Readable } from 'node:stream';
import { contentKey, type FirmwareStore } from '../modules/firmware/storage.ts';
import type { Db } from './client.ts';
import { numberUninvoicedOrders } from '../modules/invoices/issue.ts';
import {
  contactMessages,
  devices,
  electricianCustomers,
  electricianDevices,
  firmware,
  installationDevices,
  installationJobs,
  installations,
  oauthClients,
  orders,
  rooms,
  users,
  type NewDeviceRow,
  type NewOrderRow,
  type NewUserRow,
} from './schema/index.ts';

export { DEMO_PASSWORD };
export const DEMO_ADMIN_EMAIL = 'admin@isaac.demo';
/** The first demo account of each role (admin, electrician, owner): every one is in DEMO_ACCOUNTS. */
export const DEMO_SIGN_INS = [
  { role: 'admin', email: DEMO_ADMIN_EMAIL },
  { role: 'electrician', email: 'electrician@isaac.demo' },
  { role: 'owner', email: 'owner@isaac.demo' },
] as const;

interface DemoUser {
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

const ROOM_NAMES: Record<RoomType, string> = {
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
const OWNER_ROOMS: Record<string, RoomType[]> = {
  owner: ['living_room', 'bedroom', 'kitchen', 'office', 'dining_room', 'bathroom'],
  owner2: ['living_room', 'bedroom', 'garage'],
  owner3: ['general', 'kitchen', 'bedroom'],
  owner4: ['living_room', 'other', 'office'],
  owner5: ['living_room', 'bedroom', 'dining_room', 'garage'],
  owner6: ['bedroom', 'kitchen'],
};

const MODELS: Record<DeviceType, string[]> = {
  isaac: ['ISAAC Air Purifier', 'ISAAC Air Purifier Pro'],
  lumos: ['Lumos 1-Gang', 'Lumos 2-Gang', 'Lumos 3-Gang', 'Lumos 4-Gang'],
  skywalker: ['SKYWALKER Air Sensor'],
};
const SERIAL_PREFIX: Record<DeviceType, string> = { isaac: 'ISC', lumos: 'LMS', skywalker: 'SKW' };
const DEVICE_LABEL: Record<DeviceType, string> = {
  isaac: 'Purifier',
  lumos: 'Switch',
  skywalker: 'Air Sensor',
};
/**
 * Device names as owners give them: a placed device is named after its room ("Kitchen Light
 * Switch"), a second one of the same kind in that room by what it does ("Kitchen Fan Switch"); a
 * device not placed yet gets a name that names no room. Unowned stock is named by its serial number.
 */
const DEVICE_NAMES: Record<DeviceType, { placed: string[]; unplaced: string[] }> = {
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

/** The first of `candidates` not in `taken` (else the first with a number), added to `taken`. */
function distinctName(candidates: string[], taken: Set<string>): string {
  const first = candidates[0] ?? 'Device';
  let name = candidates.find((c) => !taken.has(c));
  for (let k = 2; name === undefined; k += 1) if (!taken.has(`${first} ${k}`)) name = `${first} ${k}`;
  taken.add(name);
  return name;
}
const FIRMWARE_ON_DEVICES = ['1.0.0', '1.1.0', '1.2.3'];
const FIRMWARE_RELEASES: Record<DeviceType, string[]> = {
  isaac: ['1.0.0', '1.1.0', '1.2.3', '1.3.0'],
  lumos: ['1.0.0', '1.1.0', '1.2.3'],
  skywalker: ['1.0.0', '1.1.0', '1.2.3', '1.4.0'],
};

/**
 * A demo release's image: an ESP32-style file (the 0xE9 magic byte, then bytes derived from its name), the
 * same on every start, so the demo firmware can really be rolled out to the simulated devices (issue 14).
 */
export function demoFirmwareImage(filename: string, size: number): Buffer {
  const image = Buffer.alloc(size);
  let block = createHash('sha256').update(filename).digest();
  for (let offset = 0; offset < size; offset += block.length) {
    block.copy(image, offset);
    block = createHash('sha256').update(block).digest();
  }
  image[0] = 0xe9;
  return image;
}

/** Every demo release with its image (what the seed's rows describe). */
export function demoFirmwareImages(): {
  deviceType: DeviceType;
  version: string;
  filename: string;
  image: Buffer;
  index: number;
}[] {
  return Object.entries(FIRMWARE_RELEASES).flatMap(([deviceType, versions]) =>
    versions.map((version, index) => {
      const filename = `${deviceType}-v${version}.bin`;
      return {
        deviceType: deviceType as DeviceType,
        version,
        filename,
        image: demoFirmwareImage(filename, 64 * 1024 + index * 8 * 1024),
        index,
      };
    }),
  );
}

/** Writes the demo releases' bytes to the firmware store (content-addressed: writing them again changes nothing). */
export async function storeDemoFirmware(store: FirmwareStore): Promise<void> {
  for (const { image } of demoFirmwareImages()) {
    const staged = await store.stage(Readable.from([image]), {
      maxBytes: image.length,
      headBytes: 1,
      inspect: () => undefined,
    });
    await staged.commit();
  }
}

const TYPE_CYCLE: DeviceType[] = ['isaac', 'lumos', 'skywalker', 'lumos'];
const BATTERY = [92, 78, 64, 51, 43, 35, 27, 18, 9, 100, 86, 57];

/** Devices per owner key (null = unassigned stock). 48 in all. */
const DEVICE_PLAN: [string | null, number][] = [
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
const ORDER_PRODUCTS = [
  'isaac-purifier',
  'skywalker-sensor',
  'hepa-filter',
  'skywalker-sensor',
  'carbon-filter',
  'remote-control',
  'isaac-purifier',
  'wall-mount-kit',
];
const DEMO_ORDER_COUNT = 24;

/** Messages from the contact page, newest first, for the admin Messages screen. */
const DEMO_CONTACT_MESSAGES = [
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
const ORDER_BUYERS = ['owner', 'owner2', 'owner3', 'owner4', 'owner5', 'owner6'];

function demoOrders(ago: (days: number) => Date): NewOrderRow[] {
  return Array.from({ length: DEMO_ORDER_COUNT }, (_, i) => {
    const id = ORDER_PRODUCTS[i % ORDER_PRODUCTS.length] ?? 'isaac-purifier';
    const item = findCatalogItem(id);
    const unitPaise = cardPricePaise(id);
    if (!item || unitPaise === undefined) throw new Error(`seed: ${id} has no card price`);
    const quantity = id === 'hepa-filter' || id === 'carbon-filter' ? 2 : 1;
    const buyer = DEMO_USERS.find((u) => u.key === ORDER_BUYERS[i % ORDER_BUYERS.length]);
    const status = i % 6 === 5 ? 'created' : i % 8 === 7 ? 'attempted' : 'paid';
    const createdAt = ago(1 + i * 2.4);
    const paidAt = status === 'paid' ? new Date(createdAt.getTime() + 3 * 60 * 1000) : null;
    const number = String(1001 + i);
    return {
      provider: 'sandbox',
      providerOrderId: `order_demo${number}`,
      receipt: `receipt_demo${number}`,
      amountPaise: unitPaise * quantity,
      currency: 'INR',
      status,
      items: [{ catalog_id: id, name: item.name, quantity, unit_paise: unitPaise }],
      notes: {
        product: item.name,
        customer_name: buyer?.name ?? 'Demo Buyer',
        customer_email: buyer?.email ?? 'buyer@isaac.demo',
        customer_phone: buyer?.mobile ?? '',
      },
      customerName: buyer?.name ?? null,
      customerEmail: buyer?.email ?? null,
      customerPhone: buyer?.mobile ?? null,
      paymentId: paidAt ? `pay_demo${number}` : null,
      failureReason: status === 'attempted' ? 'Card declined by the issuing bank' : null,
      createdAt,
      updatedAt: paidAt ?? createdAt,
      paidAt,
    };
  });
}

const DAY = 24 * 60 * 60 * 1000;
const dateOnly = (d: Date) => d.toISOString().slice(0, 10);

/** Seeds the demo data unless the demo admin exists. Returns whether it seeded. */
/**
 * The "Demo voice client" (issue 12): a public OAuth client (PKCE) whose redirect URIs are the web's
 * /voice-demo page on each web origin of this run. Kept in step on every DEMO start (the origins can change
 * between runs, the rest of the demo data is seeded once).
 */
export async function ensureDemoVoiceClient(db: Db, webOrigins: readonly string[], now: Date = new Date()) {
  const redirectUris = webOrigins.map((origin) => `${origin}${AUTH_PATHS.voiceDemo}`);
  await db
    .insert(oauthClients)
    .values({
      name: DEMO_VOICE_CLIENT_NAME,
      clientId: DEMO_VOICE_CLIENT_ID,
      secretHash: null,
      redirectUris,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({ target: oauthClients.clientId, set: { redirectUris, updatedAt: now } });
}

export async function seedDemoData(db: Db, now: Date = new Date()): Promise<boolean> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ADMIN_EMAIL))
    .limit(1);
  if (existing) return false;

  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  const ago = (days: number) => new Date(now.getTime() - days * DAY);

  await db.transaction(async (tx) => {
    const userRows: NewUserRow[] = DEMO_USERS.map((u, i) => ({
      name: u.name,
      email: u.email,
      username: u.email.split('@')[0] ?? u.key,
      passwordHash: hashes[i] ?? '',
      mobile: u.mobile,
      role: u.role,
      status: 'active',
      city: u.city ?? null,
      pincode: u.pincode ?? null,
      address: u.address ?? null,
      createdAt: ago(120 - i * 7),
      updatedAt: ago(30),
    }));
    const insertedUsers = await tx
      .insert(users)
      .values(userRows)
      .returning({ id: users.id, email: users.email });
    const userId = (key: string): string => {
      const email = DEMO_USERS.find((u) => u.key === key)?.email;
      const row = insertedUsers.find((u) => u.email === email);
      if (!row) throw new Error(`seed: no user ${key}`);
      return row.id;
    };

    // Rooms
    const roomValues = Object.entries(OWNER_ROOMS).flatMap(([owner, types], o) =>
      types.map((type, r) => ({
        userId: userId(owner),
        name: ROOM_NAMES[type],
        type,
        createdAt: ago(90 - o * 5 - r),
        updatedAt: ago(20),
      })),
    );
    const insertedRooms = await tx
      .insert(rooms)
      .values(roomValues)
      .returning({ id: rooms.id, userId: rooms.userId, name: rooms.name });
    const roomsOf = (ownerId: string) => insertedRooms.filter((r) => r.userId === ownerId);

    // Devices
    const deviceValues: NewDeviceRow[] = [];
    let n = 0;
    const perType: Record<DeviceType, number> = { isaac: 0, lumos: 0, skywalker: 0 };
    for (const [owner, count] of DEVICE_PLAN) {
      const ownerId = owner ? userId(owner) : null;
      const ownerRooms = ownerId ? roomsOf(ownerId) : [];
      const taken = new Set<string>();
      for (let i = 0; i < count; i += 1, n += 1) {
        const type = TYPE_CYCLE[n % TYPE_CYCLE.length] ?? 'isaac';
        perType[type] += 1;
        const models = MODELS[type];
        const model = models[perType[type] % models.length] ?? models[0] ?? type;
        const gangCount = gangCountForModel(type, model);
        const connected = n % 5 !== 3; // every fifth device is offline
        const powerOn = connected && n % 3 !== 0;
        const configured = ownerId !== null && n % 6 !== 5;
        const serialNumber = `${SERIAL_PREFIX[type]}-2025-${String(1000 + n)}`;
        // Most owned devices sit in a room; every fourth is not placed yet.
        const room = ownerRooms.length > 0 && i % 4 !== 3 ? ownerRooms[i % ownerRooms.length] : undefined;
        const names = DEVICE_NAMES[type];
        deviceValues.push({
          name: !ownerId
            ? `${DEVICE_LABEL[type]} ${serialNumber}`
            : room
              ? distinctName(
                  names.placed.map((name) => `${room.name} ${name}`),
                  taken,
                )
              : distinctName(names.unplaced, taken),
          model,
          serialNumber,
          type,
          userId: ownerId,
          roomId: room?.id ?? null,
          isConnected: connected,
          powerOn,
          batteryLevel: type === 'lumos' ? null : (BATTERY[n % BATTERY.length] ?? 50),
          firmwareVersion: FIRMWARE_ON_DEVICES[n % FIRMWARE_ON_DEVICES.length] ?? '1.0.0',
          gangCount,
          fanSpeed: type === 'isaac' ? FAN_SPEEDS[n % FAN_SPEEDS.length] : null,
          // A Lumos switch is on while any gang is on: the first gang follows the power state.
          gangStates: Array.from({ length: gangCount }, (_, g) => powerOn && (g === 0 || (g + n) % 2 === 0)),
          wifiConfigured: configured,
          bluetoothPaired: configured && n % 2 === 0,
          wifiConfig: configured
            ? { ssid: `${(DEMO_USERS.find((u) => u.key === owner)?.name ?? 'Home').split(' ')[0]}-Home-2.4G` }
            : null,
          lastUpdated: connected ? ago((n % 7) / 24) : ago(3 + (n % 5)),
          // the broker has seen every owned device (the offline ones days ago); stock never came online
          lastSeenAt: connected ? ago(1 / 24) : ownerId !== null ? ago(3 + (n % 5)) : null,
          createdAt: ago(80 - n),
          updatedAt: ago((n % 10) + 1),
        });
      }
    }
    const insertedDevices = await tx
      .insert(devices)
      .values(deviceValues)
      .returning({ id: devices.id, userId: devices.userId, serialNumber: devices.serialNumber });
    const devicesOf = (ownerId: string | null) =>
      insertedDevices.filter((d) => d.userId === ownerId).map((d) => d.id);

    // Firmware releases per device type (the last is the newest)
    await tx.insert(firmware).values(
      demoFirmwareImages().map(({ deviceType, version, filename, image, index }) => {
        // The bytes are written to the firmware store at start (storeDemoFirmware).
        const sha256 = createHash('sha256').update(image).digest('hex');
        return {
          deviceType,
          version,
          filename,
          fileSize: image.length,
          sha256,
          storageKey: contentKey(sha256),
          uploadedBy: userId('admin'),
          createdAt: ago(200 - index * 45),
        };
      }),
    );

    // Electrician ↔ customer assignments
    const electrician = userId('electrician');
    const electrician2 = userId('electrician2');
    const assignments: {
      electricianId: string;
      customerId: string;
      installationDate: string;
      status: CustomerStatus;
    }[] = [
      {
        electricianId: electrician,
        customerId: userId('owner'),
        installationDate: dateOnly(ago(14)),
        status: 'completed',
      },
      {
        electricianId: electrician,
        customerId: userId('owner3'),
        installationDate: dateOnly(now),
        status: 'in_progress',
      },
      {
        electricianId: electrician,
        customerId: userId('owner4'),
        installationDate: dateOnly(now),
        status: 'assigned',
      },
      {
        electricianId: electrician,
        customerId: userId('owner5'),
        installationDate: dateOnly(ago(-3)),
        status: 'assigned',
      },
      {
        electricianId: electrician,
        customerId: userId('owner6'),
        installationDate: dateOnly(ago(2)),
        status: 'in_progress',
      },
      {
        electricianId: electrician2,
        customerId: userId('owner2'),
        installationDate: dateOnly(ago(5)),
        status: 'completed',
      },
    ];
    await tx
      .insert(electricianCustomers)
      .values(assignments.map((a, i) => ({ ...a, createdAt: ago(30 - i) })));

    // Electrician ↔ device assignments: their customers' devices plus some stock
    const stock = devicesOf(null);
    const forElectrician = [
      ...devicesOf(userId('owner')).slice(0, 4),
      ...devicesOf(userId('owner3')),
      ...devicesOf(userId('owner4')).slice(0, 3),
      ...stock.slice(0, 4),
    ];
    const forElectrician2 = [...devicesOf(userId('owner2')).slice(0, 4), ...stock.slice(4, 7)];
    await tx
      .insert(electricianDevices)
      .values([
        ...forElectrician.map((deviceId) => ({ electricianId: electrician, deviceId })),
        ...forElectrician2.map((deviceId) => ({ electricianId: electrician2, deviceId })),
      ]);

    // Installations in every status and phase
    const plan = [
      {
        e: electrician,
        c: 'owner',
        status: 'completed',
        phase: 'completed',
        day: 14,
        complex: 'Prestige Shantiniketan',
        unit: 'A-302',
        trained: true,
      },
      {
        e: electrician,
        c: 'owner3',
        status: 'in_progress',
        phase: 'in_progress',
        day: 0,
        complex: 'Casa Grande',
        unit: 'T2-1104',
        trained: false,
      },
      {
        e: electrician,
        c: 'owner4',
        status: 'pending',
        phase: 'pre_installation',
        day: 0,
        complex: 'DLF Capital Greens',
        unit: 'B-803',
        trained: false,
      },
      {
        e: electrician,
        c: 'owner5',
        status: 'pending',
        phase: 'pre_installation',
        day: -3,
        complex: 'My Home Bhooja',
        unit: 'Villa 7',
        trained: false,
      },
      // One open installation per customer (issue 30): owner6's first visit is done, the second under way.
      {
        e: electrician,
        c: 'owner6',
        status: 'completed',
        phase: 'completed',
        day: 20,
        complex: 'Panchshil Trump Towers',
        unit: 'T1-2201',
        trained: true,
      },
      {
        e: electrician,
        c: 'owner6',
        status: 'in_progress',
        phase: 'post_installation',
        day: 1,
        complex: 'Panchshil Trump Towers',
        unit: 'T1-2202',
        trained: false,
      },
      {
        e: electrician2,
        c: 'owner2',
        status: 'completed',
        phase: 'completed',
        day: 5,
        complex: 'Sea Breeze Apartments',
        unit: '14B',
        trained: true,
      },
    ] as const;
    const insertedInstallations = await tx
      .insert(installations)
      .values(
        plan.map((p, i) => {
          const date = ago(p.day);
          const started = p.status === 'pending' ? null : new Date(date.getTime() + 10 * 60 * 60 * 1000);
          const completed = p.status === 'completed' ? new Date(date.getTime() + 15 * 60 * 60 * 1000) : null;
          return {
            electricianId: p.e,
            customerId: userId(p.c),
            sessionId:
              p.status === 'pending' ? null : `INST-${dateOnly(date).replace(/-/g, '')}-${String(101 + i)}`,
            apartmentComplex: p.complex,
            apartmentUnit: p.unit,
            status: p.status,
            phase: p.phase,
            installationDate: dateOnly(date),
            startedAt: started,
            completedAt: completed,
            notes: p.status === 'pending' ? null : 'Site survey done; 2.4 GHz WiFi available in all rooms.',
            handoverNotes:
              p.status === 'completed' ? 'All devices paired and named; owner shown the app.' : null,
            customerTrainingCompleted: p.trained,
            createdAt: ago(p.day + 10),
          };
        }),
      )
      .returning({
        id: installations.id,
        customerId: installations.customerId,
        status: installations.status,
      });
    await tx.insert(installationDevices).values(
      insertedInstallations.flatMap((inst, i) =>
        devicesOf(inst.customerId)
          .slice(i % 2, (i % 2) + 3)
          .map((deviceId, d): typeof installationDevices.$inferInsert => ({
            installationId: inst.id,
            deviceId,
            status:
              inst.status === 'completed' || (inst.status === 'in_progress' && d === 0)
                ? 'configured'
                : 'pending',
          })),
      ),
    );

    // The demo owners' orders are in their accounts (owner Orders screen); one paid Lumos kit waits for an
    // electrician on the admin's installations board (issue 15).
    const buyerIdByEmail = new Map(insertedUsers.map((u) => [u.email, u.id]));
    await tx
      .insert(orders)
      .values(demoOrders(ago).map((o) => ({ ...o, customerId: buyerIdByEmail.get(o.customerEmail ?? '') })));
    const kitBuyer = DEMO_USERS.find((u) => u.key === 'owner3')!;
    const kit = LUMOS_KITS.find((k) => k.id === 'lumos-home-kit')!;
    const kitAddress = {
      city: kitBuyer.city ?? 'Bengaluru',
      pincode: kitBuyer.pincode ?? '560034',
      address: kitBuyer.address ?? '',
    };
    const [kitOrder] = await tx
      .insert(orders)
      .values({
        provider: 'sandbox',
        providerOrderId: 'order_demo2001',
        receipt: 'receipt_demo2001',
        amountPaise: kit.price.kind === 'fixed' ? kit.price.paise : 0,
        currency: 'INR',
        status: 'paid',
        items: [
          {
            catalog_id: kit.id,
            name: kit.name,
            quantity: 1,
            unit_paise: kit.price.kind === 'fixed' ? kit.price.paise : 0,
          },
        ],
        notes: {
          product: kit.name,
          customer_name: kitBuyer.name,
          customer_email: kitBuyer.email,
          customer_phone: kitBuyer.mobile ?? '',
        },
        customerName: kitBuyer.name,
        customerEmail: kitBuyer.email,
        customerPhone: kitBuyer.mobile ?? null,
        paymentId: 'pay_demo2001',
        customerId: userId('owner3'),
        needsInstallation: true,
        installationAddress: kitAddress,
        createdAt: ago(0.5),
        updatedAt: ago(0.5),
        paidAt: ago(0.5),
      })
      .returning({ id: orders.id });
    await tx.insert(installationJobs).values({
      orderId: kitOrder!.id,
      customerId: userId('owner3'),
      address: kitAddress,
      createdAt: ago(0.5),
    });
    await tx.insert(contactMessages).values(
      DEMO_CONTACT_MESSAGES.map((m, i) => ({
        name: m.name,
        email: m.email,
        subject: m.subject,
        message: m.message,
        createdAt: ago(m.daysAgo),
        // the oldest was answered already, so the screen shows both states
        handledAt: i === DEMO_CONTACT_MESSAGES.length - 1 ? ago(m.daysAgo - 1) : null,
        handledBy: i === DEMO_CONTACT_MESSAGES.length - 1 ? userId('admin') : null,
      })),
    );
    // The paid demo orders have their tax invoices, numbered in each financial year as payments number them.
    await numberUninvoicedOrders(tx);
  });
  return true;
}
