import type { OtaFault } from '../config.ts';
import { rowsOf } from '../db/rows.ts';
import { eq, like, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { markFilterFitted } from '../modules/devices/store.ts';
import type { Db } from '../db/client.ts';
import type { EventBus } from '../events.ts';
import { deviceReadings, devices } from '../db/schema/index.ts';
import { demoDeviceSecret, type DeviceCredentials } from '../device-plane/credentials.ts';
import { RoomAir, SimulatedDevice } from './device.ts';

/** The demo devices that stay offline (every fifth, as seeded): the rest run in the simulator. */
export function demoDeviceRunsInSimulator(serialNumber: string): boolean {
  const n = Number(serialNumber.slice(-4)) - 1000;
  return Number.isInteger(n) && n % 5 !== 3;
}

/** How far back the demo's charts reach when the server starts with no readings yet. */
const BACKFILL_DAYS = 3;
const BACKFILL_STEP_S = 600;

/**
 * DEMO (issue 13): the demo devices run in the simulator inside the server process, with their real
 * credentials (derived from the server secret), so toggles are acknowledged, charts move and one device in
 * five is offline. Readings for the last few days are backfilled once, so the charts have a history.
 */
export async function startDemoDevices(deps: {
  db: Db;
  credentials: DeviceCredentials;
  serverSecret: string;
  brokerUrl: string;
  log: FastifyBaseLogger;
  /** Firmware-update faults by serial number (SIMULATE_OTA_FAULTS). */
  otaFaults?: Record<string, OtaFault>;
  /** `device.wifi_configured`: an offline demo device given its WiFi joins it and comes online. */
  events?: EventBus;
}): Promise<{ devices: SimulatedDevice[]; stop(): Promise<void> }> {
  const rows = await deps.db.select().from(devices).where(like(devices.serialNumber, '%-2025-%'));
  // Every demo device has its (derived) credentials, so a developer can bring an offline one up by hand.
  for (const row of rows) {
    await deps.credentials.issue(row.id, deps.db, demoDeviceSecret(deps.serverSecret, row.serialNumber));
  }
  const running = rows.filter((row) => demoDeviceRunsInSimulator(row.serialNumber));
  const rooms = new Map<string, RoomAir>();
  const simulated: SimulatedDevice[] = [];
  const airOf = (key: string) => {
    let air = rooms.get(key);
    if (!air) rooms.set(key, (air = new RoomAir(25 + (key.charCodeAt(0) % 30))));
    return air;
  };
  const simulate = (row: (typeof rows)[number]) => {
    const secret = demoDeviceSecret(deps.serverSecret, row.serialNumber);
    const roomKey = row.roomId ?? row.id;
    const device = new SimulatedDevice({
      id: row.id,
      secret,
      type: row.type,
      gangCount: row.gangCount,
      url: deps.brokerUrl,
      state: {
        power_on: row.powerOn,
        gang_states: Array.from({ length: row.gangCount }, (_, i) => row.gangStates[i] === true),
        fan_speed: row.fanSpeed,
      },
      air: airOf(roomKey),
      purifying: () => simulated.some((d) => d.isOn && d.type === 'isaac' && d.roomKey === roomKey),
      ackLatencyMs: 40,
      telemetryEveryMs: 10_000,
      otaFault: deps.otaFaults?.[row.serialNumber] ?? 'none',
      ...(row.firmwareVersion ? { firmwareVersion: row.firmwareVersion } : {}),
      ...(row.type === 'isaac' ? { filterLife: row.filterLife ?? demoFilterLife(row.serialNumber) } : {}),
    });
    device.roomKey = roomKey;
    simulated.push(device);
    return device;
  };
  for (const row of running) simulate(row);
  // The offline ones stay offline until an electrician gives one its WiFi, as a real device joins it then.
  const waiting = new Map(
    rows.filter((row) => !demoDeviceRunsInSimulator(row.serialNumber)).map((row) => [row.id, row]),
  );
  deps.events?.on('device.wifi_configured', async ({ deviceId }) => {
    if (!waiting.delete(deviceId)) return;
    const [row] = await deps.db.select().from(devices).where(eq(devices.id, deviceId));
    if (row) await simulate(row).start();
  });
  await backfill(deps.db, running, airOf);
  // Each demo purifier's filter was fitted at full life, as long ago as its wear says (about six months a
  // filter), so its card shows the days left from the first start.
  for (const row of running) {
    if (row.type !== 'isaac' || row.filterFittedAt !== null) continue;
    const life = row.filterLife ?? demoFilterLife(row.serialNumber);
    const days = (100 - life) * 1.8;
    await markFilterFitted(deps.db, row.id, {
      life,
      fittedLife: 100,
      at: new Date(Date.now() - days * 86_400_000),
    });
  }
  await Promise.all(simulated.map((device) => device.start()));
  deps.log.info(
    { devices: simulated.length, broker: deps.brokerUrl },
    'demo devices running in the simulator',
  );
  return {
    devices: simulated,
    async stop() {
      await Promise.all(simulated.map((device) => device.stop()));
    },
  };
}

/** Readings every 10 minutes for the last few days, for demo sensors and purifiers with none yet. */
async function backfill(db: Db, rows: (typeof devices.$inferSelect)[], airOf: (key: string) => RoomAir) {
  const [existing] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${deviceReadings}`),
  );
  if (existing && existing.n > 0) return;
  const now = Date.now();
  const readings: Record<string, unknown>[] = [];
  for (const row of rows) {
    if (row.type === 'lumos') continue;
    const air = new RoomAir(airOf(row.roomId ?? row.id).pm25);
    for (let t = now - BACKFILL_DAYS * 86_400_000; t < now; t += BACKFILL_STEP_S * 1000) {
      const hour = new Date(t).getHours();
      const pm25 =
        Math.round(air.step(BACKFILL_STEP_S, row.type === 'isaac' && hour >= 18 && hour <= 23) * 10) / 10;
      readings.push({
        device_id: row.id,
        at: new Date(t).toISOString(),
        pm25,
        pm10: row.type === 'skywalker' ? Math.round(pm25 * 16) / 10 : null,
        temperature: row.type === 'skywalker' ? 26 + (hour % 6) : null,
        humidity: row.type === 'skywalker' ? 50 + (hour % 10) : null,
      });
    }
  }
  // Each device's latest backfilled reading is its current one until live telemetry arrives.
  await db.execute(sql`
    update ${devices} d set pm25 = r.pm25, air_quality_at = r.at
    from (select distinct on (device_id) device_id, at, pm25
          from jsonb_to_recordset(${JSON.stringify(readings)}::jsonb) as x(device_id text, at timestamptz, pm25 real)
          order by device_id, at desc) r
    where d.id = r.device_id`);
  for (let i = 0; i < readings.length; i += 5000) {
    const json = JSON.stringify(readings.slice(i, i + 5000));
    await db.execute(sql`
      insert into ${deviceReadings} (device_id, at, pm25, pm10, temperature, humidity)
      select device_id, at, pm25, pm10, temperature, humidity
      from jsonb_to_recordset(${json}::jsonb) as r(device_id text, at timestamptz, pm25 real, pm10 real,
           temperature real, humidity real)`);
  }
}

/** A demo purifier's filter life by its serial number: most fine, one in four low, one in four nearly spent. */
export function demoFilterLife(serialNumber: string): number {
  const lives = [88, 64, 17, 4];
  return lives[serialNumber.charCodeAt(serialNumber.length - 1) % lives.length]!;
}
