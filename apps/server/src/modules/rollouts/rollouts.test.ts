import { ROLE, type RolloutDetail } from '@isaac/contract';
import { and, eq } from 'drizzle-orm';
import { randomBytes, createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  devices,
  firmware,
  notifications,
  rolloutDevices,
  rollouts,
} from '../../db/schema/index.ts';
import { SimulatedDevice } from '../../simulator/device.ts';
import { authed, createTestApp, login, type TestApp, until as untilHolds } from '../../test/helpers.ts';
import { freePort } from '../../test/ports.ts';
import { parseRange } from './routes.ts';

const until = (check: () => Promise<boolean> | boolean, ms = 8_000) => untilHolds(check, ms);

describe('staged firmware rollouts over the device plane', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let ownerId: string;
  let ownerPassword: string;
  let ownerEmail: string;
  const ownerToken = () => login(t.app, ownerEmail, ownerPassword);
  let image: { id: string; version: string; bytes: Buffer };
  const running: SimulatedDevice[] = [];
  let serial = 0;

  beforeAll(async () => {
    // Devices download over HTTP: the API listens on a free port, which is its public URL.
    const port = await freePort();
    t = await createTestApp({
      env: {
        DEVICE_TRANSPORT: 'mqtt',
        MQTT_PORT: '0',
        ROLLOUT_TICK_MS: '100',
        ROLLOUT_TIMEOUT_SCALE: '0.03',
        PUBLIC_API_URL: `http://127.0.0.1:${port}`,
      },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    admin = await authed(t.app, (await t.signIn(ROLE.admin)).token);
    const owner = await t.createUser({ role: ROLE.owner });
    ownerId = owner.user.id;
    ownerEmail = owner.user.email;
    ownerPassword = owner.password;
    // A 200 KB image for ISAAC, stored as an upload would store it.
    const bytes = randomBytes(200 * 1024);
    const staged = await t.app.services.firmwareStore.stage(Readable.from([bytes]), {
      maxBytes: 10 * 1024 * 1024,
      headBytes: 16,
      inspect: () => undefined,
    });
    await staged.commit();
    const [row] = await t.db
      .insert(firmware)
      .values({
        deviceType: 'isaac',
        version: '9.9.9',
        filename: 'isaac-v9.9.9.bin',
        fileSize: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        storageKey: staged.key,
      })
      .returning();
    image = { id: row!.id, version: row!.version, bytes };
  });
  afterAll(async () => {
    for (const device of running) await device.stop().catch(() => undefined);
    await t.close();
  });

  /** An owned ISAAC on 1.0.0 with its credentials, connected as a simulated device (with a fault, maybe). */
  async function purifier(fault: ConstructorParameters<typeof SimulatedDevice>[0]['otaFault'] = 'none') {
    const [row] = await t.db
      .insert(devices)
      .values({
        name: `Purifier ${++serial}`,
        model: 'ISAAC',
        serialNumber: `RO-${Date.now()}-${serial}`,
        type: 'isaac',
        userId: ownerId,
        firmwareVersion: '1.0.0',
        // The simulated device reports power off on connecting: seeing it stored means its first state
        // report (firmware 1.0.0) has been handled, and cannot land in a rollout the test starts later.
        powerOn: true,
      })
      .returning();
    const secret = await t.app.services.deviceCredentials.issue(row!.id);
    const device = new SimulatedDevice({
      id: row!.id,
      secret,
      type: 'isaac',
      gangCount: 0,
      url: t.app.services.devicePlane!.bus.url,
      state: { power_on: false, gang_states: [], fan_speed: 'medium' },
      firmwareVersion: '1.0.0',
      otaFault: fault,
      ackLatencyMs: 1,
    });
    await device.start();
    running.push(device);
    expect(
      await until(async () => {
        const [stored] = await t.db.select().from(devices).where(eq(devices.id, row!.id));
        return stored!.isConnected && !stored!.powerOn;
      }, 15_000),
    ).toBe(true);
    return device;
  }

  const start = async (body: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/rollouts',
      headers: admin,
      payload: { firmware_id: image.id, ...body },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<RolloutDetail>();
  };
  const detail = async (id: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/admin/rollouts/${id}`, headers: admin })
    ).json<RolloutDetail>();

  it('updates devices stage by stage: downloaded, verified, rebooted on the new version → UPDATED; audited', async () => {
    const fleet = [await purifier(), await purifier(), await purifier()];
    const rollout = await start({
      device_ids: fleet.map((d) => d.id),
      stages: [34, 100],
      stage_pause_seconds: 0,
      max_concurrent: 2,
    });
    expect(rollout.rollout.total).toBe(3);
    expect(
      await until(async () => (await detail(rollout.rollout._id)).rollout.status === 'completed', 15_000),
    ).toBe(true);
    const done = await detail(rollout.rollout._id);
    expect(done.rollout.counts.UPDATED).toBe(3);
    expect(
      done.devices.every((d) => d.state === 'UPDATED' && d.percent === 100 && d.from_version === '1.0.0'),
    ).toBe(true);
    expect(fleet.every((d) => d.firmwareVersion === '9.9.9')).toBe(true);
    expect(
      await until(
        async () =>
          (await t.db.select().from(devices).where(eq(devices.id, fleet[0]!.id)))[0]!.firmwareVersion ===
          '9.9.9',
      ),
    ).toBe(true);
    // The owner hears of it once per device and version (the bell).
    const told = () =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, ownerId), eq(notifications.kind, 'firmware_updated')));
    expect(await until(async () => (await told()).length === 3)).toBe(true);
    expect((await told())[0]?.body).toMatch(/now runs firmware 9\.9\.9\.$/);
    const actions = (await t.db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(['rollout.started', 'rollout.device_updated', 'rollout.completed']),
    );
  });

  it('a wrong checksum is FAILED with its reason; a power loss mid-update is FAILED "rebooted on the previous version"', async () => {
    const bad = await purifier('wrong-checksum');
    const lost = await purifier('power-loss');
    const rollout = await start({
      device_ids: [bad.id, lost.id],
      stages: [100],
      failure_threshold_percent: 100,
    });
    const completed = await until(
      async () => (await detail(rollout.rollout._id)).rollout.status === 'completed',
      15_000,
    );
    // Where it stopped, when it did not complete: each device's state and reason.
    expect(completed, JSON.stringify(await detail(rollout.rollout._id))).toBe(true);
    const byId = new Map((await detail(rollout.rollout._id)).devices.map((d) => [d.device_id, d]));
    expect(byId.get(bad.id)).toMatchObject({ state: 'FAILED', reason: expect.stringMatching(/checksum/) });
    expect(byId.get(lost.id)).toMatchObject({ state: 'FAILED', reason: 'rebooted on the previous version' });
    expect(lost.firmwareVersion).toBe('1.0.0');
  });

  it('a device that never answers times out ("timed out in INITIATED"), and the failure rate halts the rollout; retry requeues', async () => {
    const silent = await purifier('never-answers');
    const rollout = await start({ device_ids: [silent.id], stages: [100], failure_threshold_percent: 0 });
    expect(
      await until(async () => (await detail(rollout.rollout._id)).rollout.status === 'halted', 15_000),
    ).toBe(true);
    const halted = await detail(rollout.rollout._id);
    expect(halted.devices[0]).toMatchObject({ state: 'FAILED', reason: 'timed out in INITIATED' });
    expect(halted.rollout.reason).toMatch(/1 of 1 failed/);
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/admin/rollouts/${rollout.rollout._id}/actions`,
      headers: admin,
      payload: { action: 'retry' },
    });
    expect(retried.statusCode).toBe(200);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/rollouts/${rollout.rollout._id}/actions`,
      headers: admin,
      payload: { action: 'cancel' },
    });
    expect(cancelled.json<RolloutDetail>().rollout.status).toBe('cancelled');
  });

  it("the owner's Update now after Check for Updates: a one-device rollout of the newest image; up to date → 400", async () => {
    const device = await purifier();
    const owner = await authed(t.app, await ownerToken());
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${device.id}/update-firmware`,
      headers: owner,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Updating to 9.9.9', version: '9.9.9' });
    expect(await until(() => device.firmwareVersion === '9.9.9', 15_000)).toBe(true);
    expect(
      await until(
        async () =>
          (await detail(res.json<{ rollout_id: string }>().rollout_id)).rollout.status === 'completed',
      ),
    ).toBe(true);
    // Reported by the device after its reboot: now up to date.
    expect(
      await until(
        async () =>
          (await t.db.select().from(devices).where(eq(devices.id, device.id)))[0]!.firmwareVersion ===
          '9.9.9',
      ),
    ).toBe(true);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${device.id}/update-firmware`,
      headers: owner,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: 'Device is up to date' });
    // Not the caller's device: 404.
    const stranger = await authed(t.app, (await t.signIn(ROLE.owner)).token);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/devices/${device.id}/update-firmware`,
          headers: stranger,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('never sends an image to a device of another type', async () => {
    const [sensor] = await t.db
      .insert(devices)
      .values({
        name: 'Sensor',
        model: 'SKYWALKER',
        serialNumber: `RO-S-${Date.now()}`,
        type: 'skywalker',
        userId: ownerId,
      })
      .returning();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/rollouts',
      headers: admin,
      payload: { firmware_id: image.id, device_ids: [sensor!.id] },
    });
    expect(res.statusCode).toBe(400);
    const token = t.app.services.downloadSigner.sign(image.id, sensor!.id, new Date(Date.now() + 60_000));
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/firmware/download?token=${encodeURIComponent(token)}`,
    });
    expect(download.statusCode).toBe(403);
    expect(download.json()).toMatchObject({ error: 'wrong_device_type' });
  });

  it('download links: bound to their device, expiring, tamper-proof; ranges resume a download', async () => {
    const device = await purifier();
    const signer = t.app.services.downloadSigner;
    const token = signer.sign(image.id, device.id, new Date(t.clock.now().getTime() + 60_000));
    const full = await t.app.inject({
      method: 'GET',
      url: `/api/firmware/download?token=${encodeURIComponent(token)}`,
    });
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload.equals(image.bytes)).toBe(true);
    const part = await t.app.inject({
      method: 'GET',
      url: `/api/firmware/download?token=${encodeURIComponent(token)}`,
      headers: { range: 'bytes=1000-1999' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${image.bytes.length}`);
    expect(part.rawPayload.equals(image.bytes.subarray(1000, 2000))).toBe(true);
    const beyond = await t.app.inject({
      method: 'GET',
      url: `/api/firmware/download?token=${encodeURIComponent(token)}`,
      headers: { range: `bytes=${image.bytes.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
    // Another device in the payload (its first character: full 6 bits, unlike a MAC's last one, whose low
    // bits are base64 padding and may not change the decoded bytes).
    const tampered = token.replace(/^./, (c) => (c === 'e' ? 'f' : 'e'));
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/firmware/download?token=${encodeURIComponent(tampered)}`,
        })
      ).statusCode,
    ).toBe(403);
    const expired = signer.sign(image.id, device.id, new Date(t.clock.now().getTime() - 1));
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/firmware/download?token=${encodeURIComponent(expired)}`,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('a restarted server carries on from the stored states: queued devices start, one mid-update finishes, none twice', async () => {
    const queued = await purifier();
    const midUpdate = await purifier();
    // What a process that died mid-rollout leaves behind: the rollout running, one device still queued, one
    // flashing (its command sent before the crash).
    const at = new Date();
    // In one transaction, as the service writes them: a tick between the two inserts would find a running
    // rollout with no devices, and complete it.
    const rollout = await t.db.transaction(async (tx) => {
      const [rollout] = await tx
        .insert(rollouts)
        .values({
          firmwareId: image.id,
          status: 'running',
          stages: [100],
          stagePauseSeconds: 0,
          maxConcurrent: 5,
          failureThresholdPercent: 50,
          windowEndsAt: new Date(at.getTime() + 3_600_000),
        })
        .returning();
      await tx.insert(rolloutDevices).values([
        {
          rolloutId: rollout!.id,
          deviceId: queued.id,
          stage: 0,
          state: 'QUEUED',
          fromVersion: '1.0.0',
          stateAt: at,
        },
        {
          rolloutId: rollout!.id,
          deviceId: midUpdate.id,
          stage: 0,
          state: 'UPDATING',
          fromVersion: '1.0.0',
          stateAt: at,
        },
      ]);
      return rollout;
    });
    // The flashing device comes back on the new version (reported in its state).
    await t.app.services.devicePlane!.bus.publish(
      `d/${midUpdate.id}/state`,
      JSON.stringify({ power_on: false, fan_speed: 'medium', firmware_version: '9.9.9' }),
    );
    expect(await until(async () => (await detail(rollout!.id)).rollout.status === 'completed', 15_000)).toBe(
      true,
    );
    const byId = new Map((await detail(rollout!.id)).devices.map((d) => [d.device_id, d]));
    expect(byId.get(queued.id)?.state).toBe('UPDATED');
    expect(byId.get(midUpdate.id)?.state).toBe('UPDATED');
    expect(queued.stats.updates).toBe(1);
    expect(midUpdate.stats.updates).toBe(0);
    const updates = (await t.db.select().from(auditLog)).filter((r) => r.action === 'rollout.device_updated');
    expect(updates.filter((r) => r.entityId === queued.id)).toHaveLength(1);
    expect(updates.filter((r) => r.entityId === midUpdate.id)).toHaveLength(1);
  });
});

describe('parseRange', () => {
  it('reads the three forms and refuses what cannot be served', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=0-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('invalid');
    expect(parseRange('items=0-1', 100)).toBe('invalid');
  });
});
