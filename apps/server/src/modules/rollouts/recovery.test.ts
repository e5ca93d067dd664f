import { ROLE, type Device, type RolloutDetail } from '@isaac/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  deviceCommands,
  devices,
  firmware,
  rolloutDevices,
  rollouts,
} from '../../db/schema/index.ts';
import { SimulatedDevice } from '../../simulator/device.ts';
import { authed, createTestApp, login, type TestApp, until as untilHolds } from '../../test/helpers.ts';
import { freePort } from '../../test/ports.ts';

const until = (check: () => Promise<boolean> | boolean, ms = 10_000) => untilHolds(check, ms);

/**
 * Crash-safe rollouts and commands (issue 27, ADR 053): what a kill -9 leaves behind is finished by the next
 * start — commands expired, interrupted downloads sent again and resumed, no failure blamed on the crash —
 * and the state machine's guards: one step at a time, the whole image fetched, offline devices skipped.
 */
describe('rollouts and commands across a crash', () => {
  let t: TestApp;
  let apiPort: number;
  let mqttPort: number;
  /** The app serving now (after the crash: the restarted one). */
  let app: FastifyInstance;
  let restarted: FastifyInstance | null = null;
  let admin: Record<string, string>;
  let adminLogin: { email: string; password: string };
  let ownerId: string;
  let ownerLogin: { email: string; password: string };
  let image: { id: string; version: string; bytes: Buffer };
  const running: SimulatedDevice[] = [];
  let serial = 0;
  const env = () => ({
    DEVICE_TRANSPORT: 'mqtt',
    MQTT_PORT: String(mqttPort),
    ROLLOUT_TICK_MS: '100',
    ROLLOUT_TIMEOUT_SCALE: '0.1',
    PUBLIC_API_URL: `http://127.0.0.1:${apiPort}`,
  });

  beforeAll(async () => {
    apiPort = await freePort();
    mqttPort = await freePort();
    t = await createTestApp({ env: env() });
    app = t.app;
    await app.listen({ port: apiPort, host: '127.0.0.1' });
    const signedIn = await t.signIn(ROLE.admin);
    adminLogin = { email: signedIn.user.email, password: signedIn.password };
    admin = await authed(app, signedIn.token);
    const owner = await t.createUser({ role: ROLE.owner });
    ownerId = owner.user.id;
    ownerLogin = { email: owner.user.email, password: owner.password };
    const bytes = randomBytes(256 * 1024);
    const staged = await app.services.firmwareStore.stage(Readable.from([bytes]), {
      maxBytes: 10 * 1024 * 1024,
      headBytes: 16,
      inspect: () => undefined,
    });
    await staged.commit();
    const [row] = await t.db
      .insert(firmware)
      .values({
        deviceType: 'isaac',
        version: '7.0.0',
        filename: 'isaac-v7.0.0.bin',
        fileSize: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        storageKey: staged.key,
      })
      .returning();
    image = { id: row!.id, version: row!.version, bytes };
  });
  afterAll(async () => {
    for (const device of running) device.kill();
    await restarted?.close().catch(() => undefined);
    await t.close().catch(() => undefined);
  });

  async function ownedPurifier(values: Partial<typeof devices.$inferInsert> = {}) {
    const [row] = await t.db
      .insert(devices)
      .values({
        name: `Purifier ${++serial}`,
        model: 'ISAAC',
        serialNumber: `RC-${Date.now()}-${serial}`,
        type: 'isaac',
        userId: ownerId,
        firmwareVersion: '1.0.0',
        powerOn: true,
        ...values,
      })
      .returning();
    return row!;
  }

  /** An owned ISAAC on 1.0.0, connected as a simulated device. */
  async function purifier(fault: 'none' | 'slow-download' = 'none') {
    const row = await ownedPurifier();
    const secret = await app.services.deviceCredentials.issue(row.id);
    const device = new SimulatedDevice({
      id: row.id,
      secret,
      type: 'isaac',
      gangCount: 0,
      url: app.services.devicePlane!.bus.url,
      state: { power_on: false, gang_states: [], fan_speed: 'medium' },
      firmwareVersion: '1.0.0',
      otaFault: fault,
      ackLatencyMs: 1,
    });
    await device.start();
    running.push(device);
    expect(
      await until(async () => {
        const [stored] = await t.db.select().from(devices).where(eq(devices.id, row.id));
        return stored!.isConnected && !stored!.powerOn;
      }),
    ).toBe(true);
    return device;
  }

  const detail = async (id: string) =>
    (
      await app.inject({ method: 'GET', url: `/api/admin/rollouts/${id}`, headers: admin })
    ).json<RolloutDetail>();

  /** A rollout written as the service writes one, its devices in the given stages and states. */
  async function rolloutOf(
    rows: { deviceId: string; stage: number; state?: 'QUEUED' | 'INITIATED' }[],
    values: Partial<typeof rollouts.$inferInsert> = {},
  ) {
    const at = t.clock.now();
    // One transaction, as the service's: a tick between the inserts would complete a rollout with no devices.
    return t.db.transaction(async (tx) => {
      const [rollout] = await tx
        .insert(rollouts)
        .values({
          firmwareId: image.id,
          status: 'running',
          stages: [50, 100],
          stagePauseSeconds: 0,
          maxConcurrent: 5,
          failureThresholdPercent: 0,
          windowEndsAt: new Date(at.getTime() + 3_600_000),
          ...values,
        })
        .returning();
      await tx.insert(rolloutDevices).values(
        rows.map((r) => ({
          rolloutId: rollout!.id,
          deviceId: r.deviceId,
          stage: r.stage,
          state: r.state ?? ('QUEUED' as const),
          fromVersion: '1.0.0',
          stateAt: at,
        })),
      );
      return rollout!.id;
    });
  }

  it('an offline device never holds a stage; still queued when the window closes it is SKIPPED "offline since …", shown to the admin and the owner', async () => {
    const first = await purifier();
    const second = await purifier();
    const offline = await ownedPurifier({ disconnectedAt: new Date('2026-11-20T08:30:00Z') });
    const id = await rolloutOf([
      { deviceId: offline.id, stage: 0 },
      { deviceId: first.id, stage: 0 },
      { deviceId: second.id, stage: 1 },
    ]);
    // Both stages ran on their online devices; the offline one waits (queued), the rollout still runs.
    expect(
      await until(async () => (await detail(id)).rollout.counts.UPDATED === 2, 15_000),
      JSON.stringify(await detail(id)),
    ).toBe(true);
    let shown = await detail(id);
    expect(shown.rollout.status).toBe('running');
    expect(shown.rollout.current_stage).toBe(1);
    expect(shown.devices.find((d) => d.device_id === offline.id)?.state).toBe('QUEUED');
    // The window closes.
    t.clock.advance(2 * 3_600_000);
    admin = await authed(app, await login(app, adminLogin.email, adminLogin.password));
    expect(await until(async () => (await detail(id)).rollout.status === 'completed')).toBe(true);
    shown = await detail(id);
    expect(shown.devices.find((d) => d.device_id === offline.id)).toMatchObject({
      state: 'SKIPPED',
      reason: 'offline since 2026-11-20 08:30 UTC',
    });
    expect(shown.rollout.counts.SKIPPED).toBe(1);
    expect(shown.rollout.counts.FAILED).toBe(0);
    // The owner's card: how the update ended for the device (no "waiting its turn" forever).
    const owner = await authed(app, await login(app, ownerLogin.email, ownerLogin.password));
    const list = await app.inject({ method: 'GET', url: '/api/devices?limit=100', headers: owner });
    const card = list.json<{ devices: Device[] }>().devices.find((d) => d._id === offline.id);
    expect(card?.update).toMatchObject({ state: 'SKIPPED', reason: 'offline since 2026-11-20 08:30 UTC' });
  });

  it('the rollout page lists cancelled devices too', async () => {
    const waiting = await ownedPurifier();
    const id = await rolloutOf([{ deviceId: waiting.id, stage: 0 }], { stages: [100] });
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/rollouts/${id}/actions`,
      headers: admin,
      payload: { action: 'cancel' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<RolloutDetail>().devices).toEqual([
      expect.objectContaining({ device_id: waiting.id, state: 'CANCELLED' }),
    ]);
    expect((await detail(id)).devices.map((d) => d.state)).toEqual(['CANCELLED']);
  });

  it('refuses moves that skip states, and DOWNLOADED / VERIFIED without the whole image fetched; a failure of an older attempt is stale', async () => {
    const row = await ownedPurifier();
    // Paused: the tick leaves it alone, only the device's reports move it.
    const id = await rolloutOf([{ deviceId: row.id, stage: 0, state: 'INITIATED' }], {
      stages: [100],
      status: 'paused',
    });
    await t.db
      .update(rolloutDevices)
      .set({ attempt: 2 })
      .where(and(eq(rolloutDevices.rolloutId, id), eq(rolloutDevices.deviceId, row.id)));
    const service = app.services.rollouts;
    const state = async () => (await detail(id)).devices[0]!.state;
    // VERIFIED straight from INITIATED, then the new version: neither accepted.
    await service.onStatus(row.id, { rollout_id: id, state: 'VERIFIED', attempt: 2 });
    await service.onVersion(row.id, image.version);
    expect(await state()).toBe('INITIATED');
    await service.onStatus(row.id, { rollout_id: id, state: 'DOWNLOADING', percent: 10, attempt: 2 });
    expect(await state()).toBe('DOWNLOADING');
    // DOWNLOADED without having fetched the image: refused.
    await service.onStatus(row.id, { rollout_id: id, state: 'DOWNLOADED', attempt: 2 });
    expect(await state()).toBe('DOWNLOADING');
    expect(service.stats.refusedMoves).toBeGreaterThanOrEqual(2);
    // Half the image is not enough either (ranges are recorded once served).
    const token = app.services.downloadSigner.sign(
      image.id,
      row.id,
      new Date(t.clock.now().getTime() + 60_000),
      id,
    );
    const url = `/api/firmware/download?token=${encodeURIComponent(token)}`;
    const half = image.bytes.length / 2;
    expect(
      (await app.inject({ method: 'GET', url, headers: { range: `bytes=0-${half - 1}` } })).statusCode,
    ).toBe(206);
    await service.onStatus(row.id, { rollout_id: id, state: 'DOWNLOADED', attempt: 2 });
    expect(await state()).toBe('DOWNLOADING');
    // The rest (overlapping): all ranges together cover the image.
    expect(
      (await app.inject({ method: 'GET', url, headers: { range: `bytes=${half - 100}-` } })).statusCode,
    ).toBe(206);
    await service.onStatus(row.id, { rollout_id: id, state: 'DOWNLOADED', attempt: 2 });
    expect(await state()).toBe('DOWNLOADED');
    await service.onStatus(row.id, { rollout_id: id, state: 'VERIFIED', attempt: 2 });
    expect(await state()).toBe('VERIFIED');
    // A failure of attempt 1 (the download a restart interrupted) is stale; one of attempt 2 counts.
    await service.onStatus(row.id, {
      rollout_id: id,
      state: 'FAILED',
      reason: 'connection reset',
      attempt: 1,
    });
    expect(await state()).toBe('VERIFIED');
    await service.onStatus(row.id, { rollout_id: id, state: 'FAILED', reason: 'flash error', attempt: 2 });
    expect((await detail(id)).devices[0]).toMatchObject({ state: 'FAILED', reason: 'flash error' });
  });

  it('a reboot whose UPDATING report was lost with the connection still ends the update: UPDATED on the new version, FAILED on the old; a reconnect without a reboot changes nothing', async () => {
    const [updated, powerLost, blip] = [await ownedPurifier(), await ownedPurifier(), await ownedPurifier()];
    const id = await rolloutOf(
      [updated, powerLost, blip].map((d) => ({ deviceId: d.id, stage: 0, state: 'INITIATED' as const })),
      { stages: [100], status: 'paused' },
    );
    // Each verified its image a second ago; the UPDATING report never arrived.
    const verifiedAt = new Date(t.clock.now().getTime() - 1000);
    await t.db
      .update(rolloutDevices)
      .set({ state: 'VERIFIED', stateAt: verifiedAt })
      .where(eq(rolloutDevices.rolloutId, id));
    // Two rebooted (a connection after VERIFIED); the third's connection is older (a reconnect, no reboot).
    const connectedAt = (d: { id: string }, at: Date) =>
      t.db.update(devices).set({ isConnected: true, connectedAt: at }).where(eq(devices.id, d.id));
    await connectedAt(updated, t.clock.now());
    await connectedAt(powerLost, t.clock.now());
    await connectedAt(blip, new Date(verifiedAt.getTime() - 60_000));
    const service = app.services.rollouts;
    await service.onVersion(updated.id, image.version);
    await service.onVersion(powerLost.id, '1.0.0');
    await service.onVersion(blip.id, '1.0.0');
    const byId = new Map((await detail(id)).devices.map((d) => [d.device_id, d]));
    expect(byId.get(updated.id)).toMatchObject({ state: 'UPDATED', reason: null });
    expect(byId.get(powerLost.id)).toMatchObject({
      state: 'FAILED',
      reason: 'rebooted on the previous version',
    });
    expect(byId.get(blip.id)).toMatchObject({ state: 'VERIFIED' });
  });

  it('an UPDATING report handled only after the reboot was heard still counts from its arrival: the old version then ends the update FAILED', async () => {
    const row = await ownedPurifier();
    const id = await rolloutOf([{ deviceId: row.id, stage: 0, state: 'INITIATED' }], {
      stages: [100],
      status: 'paused',
    });
    const now = t.clock.now().getTime();
    await t.db
      .update(rolloutDevices)
      .set({ state: 'VERIFIED', stateAt: new Date(now - 1000) })
      .where(eq(rolloutDevices.rolloutId, id));
    // The report arrived, the device rebooted and its new connection was stamped, and only then (a busy
    // server: the device's earlier reports still being handled) did the report's turn come.
    const arrived = new Date(now - 500);
    await t.db
      .update(devices)
      .set({ isConnected: true, connectedAt: new Date(now - 200) })
      .where(eq(devices.id, row.id));
    const service = app.services.rollouts;
    await service.onStatus(row.id, { rollout_id: id, state: 'UPDATING' }, arrived);
    await service.onVersion(row.id, '1.0.0');
    expect((await detail(id)).devices[0]).toMatchObject({
      state: 'FAILED',
      reason: 'rebooted on the previous version',
    });
  });

  it('kill -9 mid-rollout, then a restart: commands left sent expire, interrupted downloads resume, the rollout finishes with none updated twice and none failed by the crash', async () => {
    const fleet = [
      await purifier('slow-download'),
      await purifier('slow-download'),
      await purifier('slow-download'),
    ];
    // A command in flight when the process dies (sent, never acknowledged), and a recent one.
    const [stale, recent] = await t.db
      .insert(deviceCommands)
      .values(
        [60_000, 0].map((ago) => ({
          deviceId: fleet[0]!.id,
          channel: 'web',
          desired: { power_on: true },
          status: 'sent' as const,
          createdAt: new Date(t.clock.now().getTime() - ago),
        })),
      )
      .returning();
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/rollouts',
      headers: admin,
      payload: {
        firmware_id: image.id,
        device_ids: fleet.map((d) => d.id),
        stages: [100],
        max_concurrent: 3,
        failure_threshold_percent: 0,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<RolloutDetail>().rollout._id;
    // Mid-download: every device has some of the image, none all of it.
    expect(
      await until(async () =>
        (await detail(id)).devices.every((d) => d.state === 'DOWNLOADING' && (d.percent ?? 0) >= 25),
      ),
    ).toBe(true);

    // kill -9: nothing more from this process — no tick, no handler, sockets cut mid-transfer, no goodbye.
    const dead = app;
    dead.services.rollouts.tick = async () => undefined;
    const plane = dead.services.devicePlane!;
    dead.services.rollouts.onStatus = async () => undefined;
    dead.services.rollouts.onVersion = async () => undefined;
    dead.services.rollouts.onOnline = async () => undefined;
    dead.server.closeAllConnections();
    await new Promise((resolve) => dead.server.close(resolve));
    await plane.bus.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = (await detail(id)).devices;
    expect(before.every((d) => d.state === 'DOWNLOADING')).toBe(true);

    // The restart: same database, same ports.
    restarted = await t.startAnother(env());
    app = restarted;
    await app.listen({ port: apiPort, host: '127.0.0.1' });
    const [expired] = await t.db.select().from(deviceCommands).where(eq(deviceCommands.id, stale!.id));
    expect(expired).toMatchObject({ status: 'expired' });
    // One younger than the acknowledgement timeout may still be answered (another process): left alone.
    const [young] = await t.db.select().from(deviceCommands).where(eq(deviceCommands.id, recent!.id));
    expect(young).toMatchObject({ status: 'sent' });

    expect(
      await until(async () => (await detail(id)).rollout.status === 'completed', 30_000),
      JSON.stringify((await detail(id)).devices),
    ).toBe(true);
    const done = await detail(id);
    expect(done.rollout.counts.UPDATED).toBe(3);
    expect(done.rollout.counts.FAILED).toBe(0);
    for (const device of fleet) {
      expect(device.firmwareVersion).toBe('7.0.0');
      // One update, flashed once; the download resumed (not started again from the first byte).
      expect(device.stats.updates).toBe(1);
      expect(device.stats.flashes).toBe(1);
      expect(device.stats.resumes).toBe(1);
      expect(device.stats.downloadedBytes).toBe(image.bytes.length);
    }
    const outcomes = (await t.db.select().from(auditLog)).filter((r) =>
      fleet.some((d) => d.id === r.entityId),
    );
    expect(outcomes.filter((r) => r.action === 'rollout.device_failed')).toHaveLength(0);
    for (const device of fleet) {
      expect(
        outcomes.filter((r) => r.action === 'rollout.device_updated' && r.entityId === device.id),
      ).toHaveLength(1);
    }
  });
});
