/**
 * Writes the demo data (`data.ts`; DEMO=true, which `npm start` sets): seeded once, on the first start
 * (skipped when the demo admin exists), in one transaction with batch inserts.
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
  type DeviceType,
} from '@isaac/contract';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
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
} from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { contentKey } from '../modules/firmware/storage.ts';
import { numberUninvoicedOrders } from '../modules/orders/store.ts';
import {
  BATTERY,
  DEMO_ADMIN_EMAIL,
  DEMO_ASSIGNMENTS,
  DEMO_CONTACT_MESSAGES,
  DEMO_DEVICE_ASSIGNMENTS,
  DEMO_INSTALLATIONS,
  DEMO_ORDER_COUNT,
  DEMO_USERS,
  DEVICE_LABEL,
  DEVICE_NAMES,
  DEVICE_PLAN,
  FIRMWARE_ON_DEVICES,
  MODELS,
  ORDER_BUYERS,
  ORDER_PRODUCTS,
  OWNER_ROOMS,
  ROOM_NAMES,
  SERIAL_PREFIX,
  TYPE_CYCLE,
} from './data.ts';
import { demoFirmwareImages } from './firmware.ts';

/** The first of `candidates` not in `taken` (else the first with a number), added to `taken`. */
function distinctName(candidates: string[], taken: Set<string>): string {
  const first = candidates[0] ?? 'Device';
  let name = candidates.find((c) => !taken.has(c));
  for (let k = 2; name === undefined; k += 1) if (!taken.has(`${first} ${k}`)) name = `${first} ${k}`;
  taken.add(name);
  return name;
}

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

/** Seeds the demo data unless the demo admin exists. Returns whether it seeded. */
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

    // Electrician ↔ customer and device assignments
    await tx.insert(electricianCustomers).values(
      DEMO_ASSIGNMENTS.map((a, i) => ({
        electricianId: userId(a.electrician),
        customerId: userId(a.customer),
        installationDate: dateOnly(ago(a.daysAgo)),
        status: a.status,
        createdAt: ago(30 - i),
      })),
    );
    await tx.insert(electricianDevices).values(
      DEMO_DEVICE_ASSIGNMENTS.flatMap(({ electrician, slices }) =>
        slices.flatMap(([owner, from, to]) =>
          devicesOf(owner ? userId(owner) : null)
            .slice(from, to)
            .map((deviceId) => ({ electricianId: userId(electrician), deviceId })),
        ),
      ),
    );

    // Installations in every status and phase
    const insertedInstallations = await tx
      .insert(installations)
      .values(
        DEMO_INSTALLATIONS.map((p, i) => {
          const date = ago(p.daysAgo);
          const started = p.status === 'pending' ? null : new Date(date.getTime() + 10 * 60 * 60 * 1000);
          const completed = p.status === 'completed' ? new Date(date.getTime() + 15 * 60 * 60 * 1000) : null;
          return {
            electricianId: userId(p.electrician),
            customerId: userId(p.customer),
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
            createdAt: ago(p.daysAgo + 10),
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
