import { ROLE, type Automation } from '@isaac/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { automationRuns, automations, devices } from '../../db/schema/index.ts';
import type { SimulatedDevice } from '../../simulator/device.ts';
import { addDevice, connectDevice, createAutomation } from '../../test/automations.ts';
import { authed, createTestApp, type TestApp, until } from '../../test/helpers.ts';
import { AutomationRunner } from './runner.ts';

describe('automations a batch of readings fires', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  const running: SimulatedDevice[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      env: { DEVICE_TRANSPORT: 'mqtt', MQTT_PORT: '0', DEVICE_ACK_TIMEOUT_MS: '600' },
    });
    owner = await authed(t.app, (await t.signIn(ROLE.owner)).token);
  });
  afterAll(async () => {
    for (const device of running) await device.stop().catch(() => undefined);
    await t.close();
  });

  it('each fires once when two processes judge the batch; its commands, and the clear ones, go as one batch', async () => {
    const sensors = [
      await addDevice(t, owner, 'skywalker', 'SKYWALKER'),
      await addDevice(t, owner, 'skywalker', 'SKYWALKER'),
    ];
    const purifiers = [
      await addDevice(t, owner, 'isaac', 'ISAAC Air Purifier'),
      await addDevice(t, owner, 'isaac', 'ISAAC Air Purifier'),
    ];
    for (const purifier of purifiers) await connectDevice(t, purifier, running);
    const ids: string[] = [];
    for (const [i, sensor] of sensors.entries()) {
      const purifier = purifiers[i]!.device._id;
      const res = await createAutomation(t, owner, {
        name: `Clean air ${i}`,
        trigger: {
          kind: 'air_quality',
          device_id: sensor.device._id,
          metric: 'pm25',
          direction: 'above',
          value: 90,
          for_minutes: 0,
        },
        actions: [{ kind: 'device', device_id: purifier, command: { kind: 'power', on: true } }],
        clear_actions: [{ kind: 'device', device_id: purifier, command: { kind: 'power', on: false } }],
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json<{ automation: Automation }>().automation._id);
    }
    // A second API process's runner on the same database: both are handed the same stored batch.
    const other = new AutomationRunner(
      t.db,
      t.app.services.deviceCommands,
      t.app.services.notifications,
      () => t.clock.now(),
      t.app.log,
      { aqiScale: 'cpcb', catchUpMs: 60 * 60_000, scheduleTickMs: 60 * 60_000 },
    );
    const runners = [t.app.services.automationRunner, other];
    const batch = (pm25: number) => sensors.map((s) => ({ deviceId: s.device._id, pm25 }));
    const commands = vi.spyOn(t.app.services.deviceCommands, 'executeCommands');
    const runs = async () =>
      (await t.db.select().from(automationRuns).where(inArray(automationRuns.automationId, ids))).sort(
        (a, b) => a.startedAt.getTime() - b.startedAt.getTime(),
      );
    const powered = async () =>
      (
        await t.db
          .select({ on: devices.powerOn })
          .from(devices)
          .where(
            inArray(
              devices.id,
              purifiers.map((p) => p.device._id),
            ),
          )
      ).map((d) => d.on);

    await Promise.all(runners.map((runner) => runner.onReadings(batch(150))));
    expect((await runs()).map((r) => [r.trigger, r.outcome])).toEqual([
      ['PM2.5 150 µg/m³', 'ok'],
      ['PM2.5 150 µg/m³', 'ok'],
    ]);
    expect(new Set((await runs()).map((r) => r.automationId)).size).toBe(2);
    // The batch's two commands went to the device-command service together, once.
    expect(commands.mock.calls.map(([inputs]) => inputs.length)).toEqual([2]);
    commands.mockRestore();
    expect(await powered()).toEqual([true, true]);
    const watches = await t.db
      .select({ watch: automations.watch })
      .from(automations)
      .where(inArray(automations.id, ids));
    expect(watches.map((w) => w.watch)).toEqual([
      { phase: 'fired', acted: true },
      { phase: 'fired', acted: true },
    ]);

    // Still poor in the next batch: nothing more. Clean: each runs its clear actions once.
    await Promise.all(runners.map((runner) => runner.onReadings(batch(140))));
    expect(await runs()).toHaveLength(2);
    const clears = vi.spyOn(t.app.services.deviceCommands, 'executeCommands');
    await Promise.all(runners.map((runner) => runner.onReadings(batch(30))));
    expect(clears.mock.calls.map(([inputs]) => inputs.length)).toEqual([2]);
    clears.mockRestore();
    expect((await runs()).slice(2).map((r) => [r.trigger, r.outcome])).toEqual([
      ['PM2.5 back to 30 µg/m³', 'ok'],
      ['PM2.5 back to 30 µg/m³', 'ok'],
    ]);
    expect(await powered()).toEqual([false, false]);
    const [idle] = await t.db
      .select({ watch: automations.watch })
      .from(automations)
      .where(eq(automations.id, ids[0]!));
    expect(idle!.watch).toEqual({ phase: 'idle' });
  });
  it('a purifier that goes offline runs the automation watching for it, which tells the home', async () => {
    const created = await addDevice(t, owner, 'isaac', 'ISAAC Air Purifier');
    const purifier = await connectDevice(t, created, running);
    const res = await createAutomation(t, owner, {
      name: 'Tell me when the purifier goes offline',
      trigger: { kind: 'device', device_id: purifier.id, event: 'goes_offline' },
      actions: [{ kind: 'notify', message: 'The purifier stopped reporting' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { automation } = res.json<{ automation: Automation }>();
    const runs = () =>
      t.db.select().from(automationRuns).where(eq(automationRuns.automationId, automation._id));
    await purifier.stop();
    expect(await until(async () => (await runs()).length === 1)).toBe(true);
    expect(await runs()).toMatchObject([{ trigger: `${created.device.name} went offline`, outcome: 'ok' }]);
  });
});
