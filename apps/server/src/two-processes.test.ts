/**
 * TWO REAL API PROCESSES (issue 28, ADR 060/061): `node --import tsx src/server.ts` twice, on one PostgreSQL
 * database and one Mosquitto (≥ 2), with simulated devices on the broker. Every reading is stored exactly
 * once; a toggle through each process is acknowledged; the background jobs' leases are all held by one
 * process, and after kill -9 of that process the other holds them within the bound (4/3 of the lease), and
 * the readings keep being stored once. Skipped unless TEST_DATABASE_URL (a server where this test may create
 * its own database) and TEST_MQTT_URL are set — the settings are those of deploy/compose.yaml.
 */
import { CSRF_COOKIE, CSRF_HEADER, ROLE, type DeviceCreatedResponse } from '@isaac/contract';
import { count, eq, inArray } from 'drizzle-orm';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { TIMING_SLACK } from './test/helpers.ts';
import { freePort } from './test/ports.ts';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from './db/client.ts';
import {
  deviceReadings,
  devices,
  emailOutbox,
  firmware,
  jobLeases,
  rolloutDevices,
  users,
} from './db/schema/index.ts';
import { hashPassword } from './modules/auth/passwords.ts';
import { LocalDiskFirmwareStore } from './modules/firmware/storage.ts';
import { SimulatedDevice } from './simulator/device.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const MQTT_URL = process.env.TEST_MQTT_URL;
// Run by the suite only when both are set (vitest.config.ts lists what each such file needs).
if (!ADMIN_URL || !MQTT_URL) {
  throw new Error(
    'set TEST_DATABASE_URL (PostgreSQL where it may create a database) and TEST_MQTT_URL (Mosquitto ≥ 2) to run this file',
  );
}

const LEASE_SECONDS = 3;
const JOBS = [
  'automations.schedules',
  'expire stale commands',
  'notifications.alerts',
  'notifications.push',
  'outbox pruning',
  'rollout tick',
  'telemetry rollup and retention',
];
const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Polls `check` (a failed request counts as not yet) for `ms` times TEST_TIMING_SLACK: a child started
 * with tsx migrating a fresh database takes longer while `npm test` runs other steps beside this one. */
const until = async (check: () => Promise<boolean> | boolean, ms: number) => {
  const end = Date.now() + ms * TIMING_SLACK;
  while (Date.now() < end) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return true;
    await sleep(100);
  }
  return false;
};

describe('two API processes on PostgreSQL and Mosquitto', () => {
  const name = `isaac_two_${process.pid}_${randomBytes(3).toString('hex')}`;
  const group = `two${process.pid}${randomBytes(3).toString('hex')}`;
  let database: Database;
  const procs: Array<{ child: ChildProcess; port: number; output: string[] }> = [];
  const running: SimulatedDevice[] = [];
  let authHeaders: Record<string, string>;
  /** The local SMTP sink both processes deliver the outbox to: subject → times received. */
  const mailed = new Map<string, number>();
  let smtp: SMTPServer;
  let smtpPort = 0;
  /** The firmware store both processes read (the object-store seam of ADR 021, a shared directory here). */
  const firmwareDir = mkdtempSync(join(tmpdir(), 'isaac-two-'));
  let adminHeaders: Record<string, string>;

  const start = async () => {
    const port = await freePort();
    const url = new URL(ADMIN_URL!);
    url.pathname = `/${name}`;
    const output: string[] = [];
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        DATABASE_URL: url.toString(),
        API_PORT: String(port),
        SERVE_WEB: 'false',
        DEMO: 'false',
        DEVICE_TRANSPORT: 'mqtt',
        MQTT_URL: MQTT_URL!,
        MQTT_SHARED_GROUP: group,
        JOB_LEASE_SECONDS: String(LEASE_SECONDS),
        DEVICE_ACK_TIMEOUT_MS: '3000',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        OUTBOX_POLL_MS: '100',
        FIRMWARE_DIR: firmwareDir,
        ROLLOUT_TICK_MS: '200',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const ready = await until(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok, 30_000);
    if (!ready) throw new Error(`process on ${port} not ready:\n${output.join('')}`);
    const proc = { child, port, output };
    procs.push(proc);
    return proc;
  };

  const api = (port: number, path: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${port}${path}`, init);

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const subject = /^Subject: (.*)$/m.exec(Buffer.concat(chunks).toString('utf8'))?.[1]?.trim() ?? '';
          mailed.set(subject, (mailed.get(subject) ?? 0) + 1);
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    smtpPort = (smtp.server.address() as AddressInfo).port;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    await start(); // migrates the new database
    await start();
    const url = new URL(ADMIN_URL!);
    url.pathname = `/${name}`;
    database = await createDatabase({ databaseUrl: url.toString(), dataDir: '', poolMax: 2 });
    const email = `two-${process.pid}@test.isaac`;
    await database.db.insert(users).values({
      name: 'Two Processes',
      email,
      username: `two-${process.pid}`,
      passwordHash: await hashPassword('two-processes-password'),
      role: ROLE.owner,
      status: 'active',
    });
    // A CSRF pair and a token from the first process serve on both (same secrets).
    const csrfRes = await api(procs[0]!.port, '/auth/csrf-token');
    const cookieValue = /(?:^|;\s*)([^=]+)=([^;]*)/.exec(
      csrfRes.headers.getSetCookie().find((c) => c.startsWith(`${CSRF_COOKIE}=`))!,
    )![2]!;
    const csrf = {
      cookie: `${CSRF_COOKIE}=${cookieValue}`,
      [CSRF_HEADER]: ((await csrfRes.json()) as { csrf_token: string }).csrf_token,
    };
    const login = await api(procs[0]!.port, '/auth/login', {
      method: 'POST',
      headers: { ...csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'two-processes-password' }),
    });
    expect(login.status).toBe(200);
    authHeaders = { ...csrf, authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const adminEmail = `two-admin-${process.pid}@test.isaac`;
    await database.db.insert(users).values({
      name: 'Two Processes Admin',
      email: adminEmail,
      username: `two-admin-${process.pid}`,
      passwordHash: await hashPassword('two-processes-password'),
      role: ROLE.admin,
      status: 'active',
    });
    const adminLogin = await api(procs[1]!.port, '/auth/login', {
      method: 'POST',
      headers: { ...csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ email: adminEmail, password: 'two-processes-password' }),
    });
    expect(adminLogin.status).toBe(200);
    adminHeaders = {
      ...csrf,
      authorization: `Bearer ${((await adminLogin.json()) as { token: string }).token}`,
    };
  }, 90_000 * TIMING_SLACK);

  afterAll(async () => {
    for (const device of running) await device.stop().catch(() => undefined);
    for (const { child } of procs) if (child.exitCode === null) child.kill('SIGKILL');
    await database?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    rmSync(firmwareDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }, 30_000 * TIMING_SLACK);

  it('stores every reading once, acknowledges a toggle through each process, sends each e-mail once, updates each device once, and fails the jobs over on kill -9', async () => {
    const [a, b] = procs as [(typeof procs)[0], (typeof procs)[0]];
    // Three devices registered through process A, on the broker.
    const fleet: Array<{ id: string; device: SimulatedDevice }> = [];
    for (const n of [1, 2, 3]) {
      const res = await api(a.port, '/api/devices', {
        method: 'POST',
        headers: { ...authHeaders, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Two ${n}`,
          model: 'ISAAC Air Purifier',
          serial_number: `TWO-${name}-${n}`,
          type: 'isaac',
        }),
      });
      expect(res.status).toBe(201);
      const created = (await res.json()) as DeviceCreatedResponse;
      const device = new SimulatedDevice({
        id: created.device._id,
        secret: created.credentials!.secret,
        type: 'isaac',
        gangCount: 0,
        url: MQTT_URL!,
        state: { power_on: false, gang_states: [], fan_speed: 'medium' },
        ackLatencyMs: 5,
        firmwareVersion: '1.0.0',
      });
      await device.start();
      running.push(device);
      fleet.push({ id: created.device._id, device });
    }
    const ids = fleet.map((d) => d.id);
    const stored = async () =>
      (
        await database.db
          .select({ n: count() })
          .from(deviceReadings)
          .where(inArray(deviceReadings.deviceId, ids))
      )[0]!.n;
    let sent = 0;
    let second = 0;
    const base = Date.now() - 120_000;
    const send = async (rounds: number) => {
      for (let i = 0; i < rounds; i += 1) {
        for (const { device } of fleet) {
          await device.sendTelemetry(1, new Date(base + second * 1000));
          sent += 1;
        }
        second += 1;
        await sleep(100);
      }
    };

    // Readings for ~6 s: each stored once.
    await send(60);
    expect(await until(async () => (await stored()) >= sent, 10_000)).toBe(true);
    await sleep(1000);
    expect(await stored()).toBe(sent);

    // A toggle through each process is acknowledged by the device (whichever process hears the ack).
    const online = async () =>
      (await database.db.select().from(devices).where(eq(devices.id, ids[0]!)))[0]?.isConnected === true;
    expect(await until(online, 10_000)).toBe(true);
    for (const [i, proc] of [a, b].entries()) {
      const res = await api(proc.port, `/api/devices/${ids[0]}/toggle`, {
        method: 'POST',
        headers: authHeaders,
      });
      expect(res.status, await res.clone().text()).toBe(200);
      expect(((await res.json()) as { device: { power_on: boolean } }).device.power_on).toBe(i === 0);
    }

    // Each outbox e-mail is sent once, though both processes' workers poll the outbox.
    const subjects = Array.from({ length: 30 }, (_, i) => `Two processes ${name} ${i}`);
    await database.db.insert(emailOutbox).values(
      subjects.map((subject, i) => ({
        kind: 'invitation' as const,
        to: `mail-${i}@example.com`,
        subject,
        html: `<p>${subject}</p>`,
        text: subject,
      })),
    );
    expect(await until(() => subjects.every((s) => mailed.has(s)), 15_000)).toBe(true);
    await sleep(500);
    expect(subjects.map((s) => mailed.get(s))).toEqual(subjects.map(() => 1));

    // A rollout while both processes run: whichever holds the tick's lease drives it; each device is sent
    // its update once and flashes once.
    const bytes = randomBytes(64 * 1024);
    const staged = await new LocalDiskFirmwareStore(firmwareDir).stage(Readable.from([bytes]), {
      maxBytes: 1024 * 1024,
      headBytes: 16,
      inspect: () => undefined,
    });
    await staged.commit();
    const [image] = await database.db
      .insert(firmware)
      .values({
        deviceType: 'isaac',
        version: '2.0.0',
        filename: 'isaac-v2.0.0.bin',
        fileSize: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        storageKey: staged.key,
      })
      .returning();
    const created = await api(b.port, '/api/admin/rollouts', {
      method: 'POST',
      headers: { ...adminHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({
        firmware_id: image!.id,
        device_ids: ids,
        stages: [100],
        stage_pause_seconds: 0,
        max_concurrent: 10,
        failure_threshold_percent: 0,
        window_hours: 1,
      }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const states = async () =>
      (await database.db.select().from(rolloutDevices).where(inArray(rolloutDevices.deviceId, ids))).map(
        (r) => r.state,
      );
    expect(
      await until(async () => (await states()).every((state) => state === 'UPDATED'), 20_000),
      JSON.stringify(await states()),
    ).toBe(true);
    expect(fleet.map(({ device }) => [device.stats.updates, device.stats.flashes])).toEqual(
      fleet.map(() => [1, 1]),
    );

    // The devices rebooted into their update: both processes have applied their statuses (ADR 061: a process
    // killed between a device's offline and online could leave it shown offline until its next status).
    const allOnline = async () =>
      (await database.db.select().from(devices).where(inArray(devices.id, ids))).every((d) => d.isConnected);
    expect(await until(allOnline, 10_000)).toBe(true);
    await sleep(1000);
    expect(await allOnline()).toBe(true);

    // One process holds every job's lease.
    const leases = async () => database.db.select().from(jobLeases);
    const holderPid = async () => {
      const rows = await leases();
      const holders = new Set(rows.map((r) => r.holder.split('-')[0]));
      return rows.length === JOBS.length && holders.size === 1 ? Number([...holders][0]) : null;
    };
    expect(await until(async () => (await holderPid()) !== null, LEASE_SECONDS * 2000)).toBe(true);
    expect((await leases()).map((r) => r.name).sort()).toEqual(JOBS);
    const holder = (await holderPid())!;
    const victim = procs.find((p) => p.child.pid === holder)!;
    const survivor = procs.find((p) => p !== victim)!;
    expect(victim, `the lease holder ${holder} is one of the two processes`).toBeDefined();

    // kill -9 of the holder: the survivor holds every lease within 4/3 of the lease (+ a margin for polling).
    const killedAt = Date.now();
    victim.child.kill('SIGKILL');
    expect(
      await until(
        async () => (await holderPid()) === survivor.child.pid,
        LEASE_SECONDS * 1000 * (4 / 3) + 1500,
      ),
    ).toBe(true);
    const tookMs = Date.now() - killedAt;
    expect(tookMs).toBeLessThanOrEqual(LEASE_SECONDS * 1000 * (4 / 3) + 1500);

    // The readings after the kill are stored once, by the survivor.
    await send(20);
    expect(await until(async () => (await stored()) >= sent, 10_000)).toBe(true);
    await sleep(1000);
    expect(await stored()).toBe(sent);
    const res = await api(survivor.port, `/api/devices/${ids[1]}/toggle`, {
      method: 'POST',
      headers: authHeaders,
    });
    expect(res.status).toBe(200);
  }, 90_000 * TIMING_SLACK);
});
