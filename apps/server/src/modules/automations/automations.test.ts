import {
  ROLE,
  type Automation,
  type AutomationAction,
  type AutomationDefinitionInput,
  type DeviceCreatedResponse,
} from '@isaac/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  auditLog,
  automationRuns,
  automations,
  devices,
  notifications,
  users,
} from '../../db/schema/index.ts';
import type { SimulatedDevice } from '../../simulator/device.ts';
import { addDevice, connectDevice, createAutomation as create } from '../../test/automations.ts';
import { authed, createTestApp, login, type TestApp, until } from '../../test/helpers.ts';
import { AutomationRunner } from './runner.ts';

type Headers = Record<string, string>;

describe('automations: ownership, validation, schedules', () => {
  let t: TestApp;
  let owner: Headers;
  let other: Headers;
  let ownerLogin: { email: string; password: string };
  /** Moves the app's clock and signs the owner in again (their token would have expired). */
  const moveClock = async (ms: number) => {
    t.clock.advance(ms);
    owner = await authed(t.app, await login(t.app, ownerLogin.email, ownerLogin.password));
  };
  let purifier: string;
  let othersPurifier: string;
  let sensor: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { AUTOMATION_TICK_MS: '3600000' } });
    const signedIn = await t.signIn(ROLE.owner);
    ownerLogin = { email: signedIn.user.email, password: signedIn.password };
    owner = await authed(t.app, signedIn.token);
    other = await authed(t.app, (await t.signIn(ROLE.owner)).token);
    purifier = (await addDevice(t, owner, 'isaac', 'ISAAC Air Purifier')).device._id;
    sensor = (await addDevice(t, owner, 'skywalker', 'SKYWALKER')).device._id;
    othersPurifier = (await addDevice(t, other, 'isaac', 'ISAAC Air Purifier')).device._id;
  });
  afterAll(() => t.close());

  it('creates, lists, switches off, changes and deletes an automation; another owner sees none of it', async () => {
    const res = await create(t, owner, {
      name: 'Clean the air when it turns Poor',
      trigger: {
        kind: 'air_quality',
        device_id: sensor,
        metric: 'aqi',
        direction: 'above',
        value: 200,
        for_minutes: 5,
      },
      actions: [{ kind: 'device', device_id: purifier, command: { kind: 'power', on: true } }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { automation } = res.json<{ automation: Automation }>();
    expect(automation).toMatchObject({
      enabled: true,
      max_toggles_per_hour: 2,
      manual_override_minutes: 60,
      last_run_at: null,
    });

    const list = await t.app.inject({ method: 'GET', url: '/api/automations', headers: owner });
    expect(list.json<{ automations: Automation[] }>().automations.map((a) => a._id)).toContain(
      automation._id,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/automations', headers: other })).json()).toEqual({
      automations: [],
    });
    for (const [method, url] of [
      ['GET', `/api/automations/${automation._id}`],
      ['GET', `/api/automations/${automation._id}/runs`],
      ['DELETE', `/api/automations/${automation._id}`],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: other })).statusCode).toBe(404);
    }
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/automations/${automation._id}/enabled`,
      headers: owner,
      payload: { enabled: false },
    });
    expect(off.json<{ automation: Automation }>().automation.enabled).toBe(false);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/automations/${automation._id}`, headers: owner }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/automations/${automation._id}`, headers: owner }))
        .statusCode,
    ).toBe(404);
  });

  it("refuses someone else's device, a device that cannot do the step, and a definition without actions", async () => {
    const theirs = await create(t, owner, {
      name: 'Theirs',
      trigger: { kind: 'schedule', time: '07:00', days: [1] },
      actions: [{ kind: 'device', device_id: othersPurifier, command: { kind: 'power', on: true } }],
    });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json()).toMatchObject({ message: 'Choose one of your own devices' });
    const fanOnSensor = await create(t, owner, {
      name: 'Fan on a sensor',
      trigger: { kind: 'schedule', time: '07:00', days: [1] },
      actions: [{ kind: 'device', device_id: sensor, command: { kind: 'fan_speed', speed: 'high' } }],
    });
    expect(fanOnSensor.statusCode).toBe(400);
    const noActions = await create(t, owner, {
      name: 'Nothing',
      trigger: { kind: 'schedule', time: '07:00', days: [1] },
      actions: [],
    });
    expect(noActions.statusCode).toBe(400);
    const onlyWait = await create(t, owner, {
      name: 'Only waits',
      trigger: { kind: 'schedule', time: '07:00', days: [1] },
      actions: [{ kind: 'delay', seconds: 5 }],
    });
    expect(onlyWait.statusCode).toBe(400);
  });

  it('runs a schedule at its minute in India, then next week; a run missed past the window is skipped', async () => {
    // Set the clock to a known Friday, 2026-11-27 22:00 IST (16:30 UTC).
    await moveClock(new Date('2026-11-27T16:30:00Z').getTime() - t.clock.now().getTime());
    const res = await create(t, owner, {
      name: 'Purifier on at bedtime',
      trigger: { kind: 'schedule', time: '22:30', days: [5] },
      actions: [{ kind: 'device', device_id: purifier, command: { kind: 'power', on: true } }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { automation } = res.json<{ automation: Automation }>();
    expect(automation.next_run_at).toBe('2026-11-27T17:00:00.000Z');

    await moveClock(29 * 60_000);
    expect(await t.app.services.automationRunner.runDueSchedules()).toBe(0);
    await moveClock(60_000);
    expect(await t.app.services.automationRunner.runDueSchedules()).toBe(1);
    const [device] = await t.db.select().from(devices).where(eq(devices.id, purifier));
    expect(device?.powerOn).toBe(true);
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/automations/${automation._id}`, headers: owner })
    ).json<{ automation: Automation }>();
    expect(after.automation).toMatchObject({ last_outcome: 'ok', next_run_at: '2026-12-04T17:00:00.000Z' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, purifier), eq(auditLog.channel, 'automation')));
    expect(entry).toMatchObject({ actorName: 'Automation “Purifier on at bedtime”' });

    // The server "was down" for two weeks: the missed run is recorded as skipped, the next is a week on.
    await moveClock(14 * 24 * 60 * 60_000);
    await t.app.services.automationRunner.runDueSchedules();
    const runs = await t.db
      .select()
      .from(automationRuns)
      .where(eq(automationRuns.automationId, automation._id));
    expect(runs.map((r) => r.outcome).sort()).toEqual(['ok', 'skipped']);
    const later = (
      await t.app.inject({ method: 'GET', url: `/api/automations/${automation._id}/runs`, headers: owner })
    ).json<{ runs: { outcome: string; steps: { detail: string }[] }[] }>();
    expect(later.runs[0]).toMatchObject({
      outcome: 'skipped',
      steps: [{ detail: 'Missed while the server was down' }],
    });
  });

  it('catches up a schedule missed by less than the window, once', async () => {
    const res = await create(t, owner, {
      name: 'Lights off at 11 pm',
      trigger: { kind: 'schedule', time: '23:00', days: [0, 1, 2, 3, 4, 5, 6] },
      actions: [{ kind: 'device', device_id: purifier, command: { kind: 'power', on: false } }],
    });
    const { automation } = res.json<{ automation: Automation }>();
    const due = new Date(automation.next_run_at!).getTime();
    await moveClock(due - t.clock.now().getTime() + 20 * 60_000); // 20 minutes late
    expect(await t.app.services.automationRunner.runDueSchedules()).toBe(1);
    expect(await t.app.services.automationRunner.runDueSchedules()).toBe(0);
    const runs = await t.db
      .select()
      .from(automationRuns)
      .where(eq(automationRuns.automationId, automation._id));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ outcome: 'ok', trigger: 'Scheduled for 23:00 (caught up)' });
  });
  it('runs every schedule of a minute many homes chose once, side by side, when two looks overlap', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const res = await create(t, owner, {
        name: `Morning ${i}`,
        trigger: { kind: 'schedule', time: '07:00', days: [0, 1, 2, 3, 4, 5, 6] },
        actions: [{ kind: 'notify', message: `Good morning ${i}` }],
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json<{ automation: Automation }>().automation._id);
    }
    const [first] = await t.db.select().from(automations).where(eq(automations.id, ids[0]!));
    await moveClock(first!.nextRunAt!.getTime() - t.clock.now().getTime() + 1000);
    // The tick and the look just after the minute at once (or two processes): each run is claimed by one.
    const runner = t.app.services.automationRunner;
    const looks = await Promise.all([runner.runDueSchedules(), runner.runDueSchedules()]);
    expect(Math.max(...looks)).toBeGreaterThanOrEqual(20);
    expect(await runner.runDueSchedules()).toBe(0);
    const runs = await t.db.select().from(automationRuns).where(inArray(automationRuns.automationId, ids));
    expect(runs.map((r) => r.outcome)).toEqual(Array(20).fill('ok'));
    expect(new Set(runs.map((r) => r.automationId)).size).toBe(20);
  });

  it('looks for due schedules just after each minute begins, without waiting for its tick', async () => {
    const res = await create(t, owner, {
      name: 'On the minute',
      trigger: { kind: 'schedule', time: '06:00', days: [0, 1, 2, 3, 4, 5, 6] },
      actions: [{ kind: 'notify', message: 'On the minute' }],
    });
    const { automation } = res.json<{ automation: Automation }>();
    // A runner whose clock stands 300 ms before a whole minute and whose tick is 50 s away: only the look at
    // the minute can run it (the app's own runner ticks once an hour here).
    const minute = Math.ceil((t.clock.now().getTime() + 1000) / 60_000) * 60_000;
    const offset = minute - 300 - Date.now();
    await t.db
      .update(automations)
      .set({ nextRunAt: new Date(minute) })
      .where(eq(automations.id, automation._id));
    const runner = new AutomationRunner(
      t.db,
      t.app.services.deviceCommands,
      t.app.services.notifications,
      () => new Date(Date.now() + offset),
      t.app.log,
      { aqiScale: 'cpcb', catchUpMs: 60 * 60_000, scheduleTickMs: 50_000 },
    );
    runner.start(null);
    try {
      const runs = () =>
        t.db.select().from(automationRuns).where(eq(automationRuns.automationId, automation._id));
      expect(await until(async () => (await runs()).length === 1, 3000)).toBe(true);
      const [run] = await runs();
      expect(run!.startedAt.getTime() - minute).toBeLessThan(1000);
    } finally {
      runner.close();
    }
  });
});

describe('automations on the device plane', () => {
  let t: TestApp;
  let owner: Headers;
  let ownerId: string;
  const running: SimulatedDevice[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      env: { DEVICE_TRANSPORT: 'mqtt', MQTT_PORT: '0', DEVICE_ACK_TIMEOUT_MS: '600' },
    });
    const signedIn = await t.signIn(ROLE.owner);
    ownerId = signedIn.user.id;
    owner = await authed(t.app, signedIn.token);
  });
  afterAll(async () => {
    for (const device of running) await device.stop().catch(() => undefined);
    await t.close();
  });

  const connect = (created: DeviceCreatedResponse) => connectDevice(t, created, running);

  it('a PM2.5 spike turns the purifier on through the engine, once per crossing, within the toggle limit', async () => {
    const sensorCreated = await addDevice(t, owner, 'skywalker', 'SKYWALKER');
    const purifierCreated = await addDevice(t, owner, 'isaac', 'ISAAC Air Purifier');
    const sensor = await connect(sensorCreated);
    const purifier = await connect(purifierCreated);
    const res = await create(t, owner, {
      name: 'Clean the air when it turns Poor',
      trigger: {
        kind: 'air_quality',
        device_id: sensor.id,
        metric: 'pm25',
        direction: 'above',
        value: 90,
        for_minutes: 0,
      },
      actions: [{ kind: 'device', device_id: purifier.id, command: { kind: 'power', on: true } }],
      max_toggles_per_hour: 1,
    });
    const { automation } = res.json<{ automation: Automation }>();
    const report = (pm25: number) =>
      t.app.services.devicePlane!.bus.publish(`d/${sensor.id}/telemetry`, JSON.stringify({ pm25 }));
    const runs = () =>
      t.db.select().from(automationRuns).where(eq(automationRuns.automationId, automation._id));

    await report(150);
    expect(await until(() => purifier.state.power_on)).toBe(true);
    expect(await until(async () => (await runs()).length === 1)).toBe(true);
    const [command] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, purifier.id), eq(auditLog.action, 'device.command')));
    expect(command).toMatchObject({
      channel: 'automation',
      actorName: 'Automation “Clean the air when it turns Poor”',
    });

    // Someone presses the purifier's own button: it reports itself off (not a command, so no override).
    await t.app.services.devicePlane!.bus.publish(
      `d/${purifier.id}/state`,
      JSON.stringify({ power_on: false, gang_states: [], fan_speed: 'medium' }),
    );
    expect(
      await until(
        async () =>
          (await t.db.select().from(devices).where(eq(devices.id, purifier.id)))[0]?.powerOn === false,
      ),
    ).toBe(true);
    // Still poor: no second run. Back by the hysteresis, then poor again: it fires, but the hourly limit holds.
    await report(140);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await runs()).toHaveLength(1);
    await report(60);
    await new Promise((resolve) => setTimeout(resolve, 700));
    await report(150);
    expect(await until(async () => (await runs()).length === 2)).toBe(true);
    const second = (await runs()).find((r) => r.outcome !== 'ok');
    expect(second).toMatchObject({ outcome: 'skipped' });
    expect(second?.steps[0]?.detail).toMatch(/already switched 1 times by automations this hour/);
  });

  it('an offline device fails the run and tells the owner once, in their language', async () => {
    const sensorCreated = await addDevice(t, owner, 'skywalker', 'SKYWALKER');
    const offlineCreated = await addDevice(t, owner, 'isaac', 'ISAAC Air Purifier');
    const sensor = await connect(sensorCreated);
    const res = await create(t, owner, {
      name: 'Purifier for the bedroom',
      trigger: {
        kind: 'air_quality',
        device_id: sensor.id,
        metric: 'pm25',
        direction: 'above',
        value: 90,
        for_minutes: 0,
      },
      actions: [
        { kind: 'device', device_id: offlineCreated.device._id, command: { kind: 'power', on: true } },
      ],
    });
    const { automation } = res.json<{ automation: Automation }>();
    const report = (pm25: number) =>
      t.app.services.devicePlane!.bus.publish(`d/${sensor.id}/telemetry`, JSON.stringify({ pm25 }));
    const failures = () =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, ownerId), eq(notifications.kind, 'automation_failed')));
    // The owner reads Hindi: the notice names the failure in Hindi; the run's record keeps the English detail.
    await t.db.update(users).set({ language: 'hi' }).where(eq(users.id, ownerId));
    await report(200);
    expect(await until(async () => (await failures()).length === 1)).toBe(true);
    await t.db.update(users).set({ language: 'en' }).where(eq(users.id, ownerId));
    expect((await failures())[0]?.body).toBe(`${offlineCreated.device.name} ऑफ़लाइन है।`);
    const [run] = await t.db
      .select()
      .from(automationRuns)
      .where(eq(automationRuns.automationId, automation._id));
    expect(run).toMatchObject({ outcome: 'failed' });
    expect(run?.steps[0]?.detail).toMatch(/is offline/);
    await report(50);
    await new Promise((resolve) => setTimeout(resolve, 700));
    await report(200);
    expect(
      await until(
        async () =>
          (await t.db.select().from(automationRuns).where(eq(automationRuns.automationId, automation._id)))
            .length === 2,
      ),
    ).toBe(true);
    expect(await failures()).toHaveLength(1);
  });

  it("a minute's schedules that only command devices run together: each acknowledged, an offline one fails alone", async () => {
    const [a, b, gone] = [
      await addDevice(t, owner, 'isaac', 'ISAAC Air Purifier'),
      await addDevice(t, owner, 'isaac', 'ISAAC Air Purifier'),
      await addDevice(t, owner, 'isaac', 'ISAAC Air Purifier'),
    ];
    await connect(a);
    await connect(b);
    const at5 = { kind: 'schedule' as const, time: '05:00', days: [0, 1, 2, 3, 4, 5, 6] };
    const fast = { kind: 'fan_speed', speed: 'high' } as const;
    const step = (id: string, command: Extract<AutomationAction, { kind: 'device' }>['command']) => ({
      kind: 'device' as const,
      device_id: id,
      command,
    });
    const [on, off] = [{ kind: 'power', on: true } as const, { kind: 'power', on: false } as const];
    const made: AutomationDefinitionInput[] = [
      { name: 'A on, then fast', trigger: at5, actions: [step(a.device._id, on), step(a.device._id, fast)] },
      { name: 'B on', trigger: at5, actions: [step(b.device._id, on)] },
      { name: 'The unplugged one', trigger: at5, actions: [step(gone.device._id, on)] },
      {
        name: 'Only when it is online',
        trigger: at5,
        conditions: [{ kind: 'device_is', device_id: gone.device._id, state: 'online' }],
        actions: [step(b.device._id, off)],
      },
    ];
    const ids: string[] = [];
    for (const definition of made) {
      const res = await create(t, owner, definition);
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json<{ automation: Automation }>().automation._id);
    }
    // Due now: the tick or this look claims them (once), and they run as one batch.
    await t.db
      .update(automations)
      .set({ nextRunAt: new Date(t.clock.now().getTime() - 1000) })
      .where(inArray(automations.id, ids));
    const batches = vi.spyOn(t.app.services.deviceCommands, 'executeCommands');
    await t.app.services.automationRunner.runDueSchedules();
    const runs = () => t.db.select().from(automationRuns).where(inArray(automationRuns.automationId, ids));
    expect(await until(async () => (await runs()).length === 4)).toBe(true);
    // The first wave's three commands went as one batch, the second wave's one alone.
    expect(batches.mock.calls.map(([inputs]) => inputs.length)).toEqual([3, 1]);
    batches.mockRestore();
    const byName = new Map((await runs()).map((r) => [made[ids.indexOf(r.automationId)]!.name, r]));
    expect(byName.get('A on, then fast')).toMatchObject({ outcome: 'ok' });
    expect(byName.get('A on, then fast')?.steps.map((s) => s.outcome)).toEqual(['done', 'done']);
    expect(byName.get('B on')).toMatchObject({ outcome: 'ok' });
    expect(byName.get('The unplugged one')).toMatchObject({ outcome: 'failed' });
    expect(byName.get('The unplugged one')?.steps[0]?.detail).toMatch(/is offline/);
    expect(byName.get('Only when it is online')).toMatchObject({ outcome: 'skipped' });
    expect(byName.get('Only when it is online')?.steps[0]?.detail).toMatch(/is not online/);
    // What the devices acknowledged is what is stored; the activity log names the automation.
    const stored = async (id: string) => (await t.db.select().from(devices).where(eq(devices.id, id)))[0]!;
    expect(await stored(a.device._id)).toMatchObject({ powerOn: true, fanSpeed: 'high' });
    expect(await stored(b.device._id)).toMatchObject({ powerOn: true });
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, a.device._id), eq(auditLog.action, 'device.command')));
    expect(logged.map((e) => [e.channel, e.actorName])).toEqual([
      ['automation', 'Automation “A on, then fast”'],
      ['automation', 'Automation “A on, then fast”'],
    ]);
  });

  it('auto mode is an automation: on above its threshold, off when clean; what a person switched on stays on', async () => {
    const sensorCreated = await addDevice(t, owner, 'skywalker', 'SKYWALKER');
    const purifierCreated = await addDevice(t, owner, 'isaac', 'ISAAC Air Purifier');
    const sensor = await connect(sensorCreated);
    const purifier = await connect(purifierCreated);
    const room = await t.app.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: owner,
      payload: { name: `Study ${purifierCreated.device.serial_number}`, type: 'bedroom' },
    });
    expect(room.statusCode, room.body).toBe(201);
    for (const id of [sensor.id, purifier.id]) {
      const placed = await t.app.inject({
        method: 'POST',
        url: `/api/devices/${id}/assign-room`,
        headers: owner,
        payload: { room_id: room.json().room._id },
      });
      expect(placed.statusCode, placed.body).toBe(200);
    }
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${purifier.id}/auto-mode`,
      headers: owner,
      payload: { threshold: 100 },
    });
    expect(set.json()).toMatchObject({ device: { auto_threshold: 100 } });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/automations', headers: owner })).json<{
      automations: Automation[];
    }>().automations;
    const auto = listed.find((a) => a.auto_mode_for === purifier.id)!;
    expect(auto).toMatchObject({
      name: `Auto mode: ${purifierCreated.device.name}`,
      trigger: { kind: 'air_quality', device_id: sensor.id, metric: 'pm25', direction: 'above', value: 100 },
      clear_actions: [{ kind: 'device', device_id: purifier.id, command: { kind: 'power', on: false } }],
    });
    const report = (pm25: number) =>
      t.app.services.devicePlane!.bus.publish(`d/${sensor.id}/telemetry`, JSON.stringify({ pm25 }));
    const runs = async () =>
      (await t.db.select().from(automationRuns).where(eq(automationRuns.automationId, auto._id))).sort(
        (a, b) => a.startedAt.getTime() - b.startedAt.getTime(),
      );

    await report(180);
    expect(await until(() => purifier.state.power_on)).toBe(true);
    await report(95); // within the hysteresis (100 − 10): stays on
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(purifier.state.power_on).toBe(true);
    await report(40);
    expect(await until(() => !purifier.state.power_on)).toBe(true);
    // The run is recorded once its step is done (just after the purifier reports itself off).
    expect(await until(async () => (await runs()).length === 2)).toBe(true);
    expect((await runs()).map((r) => r.trigger)).toEqual(['PM2.5 180 µg/m³', 'PM2.5 back to 40 µg/m³']);

    // The owner turns it on by hand; a spike finds it on already, so the clean air leaves it on.
    const toggled = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${purifier.id}/toggle`,
      headers: owner,
    });
    expect(toggled.statusCode, toggled.body).toBe(200);
    expect(await until(() => purifier.state.power_on)).toBe(true);
    await report(180);
    expect(await until(async () => (await runs()).length === 3)).toBe(true);
    expect((await runs())[2]).toMatchObject({ outcome: 'skipped' });
    expect((await runs())[2]?.steps[0]?.detail).toMatch(/already on/);
    await report(40);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await runs()).toHaveLength(3);
    expect(purifier.state.power_on).toBe(true);

    // Edited on the Automations page, the device's own view follows; switched off there, auto mode is off.
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/automations/${auto._id}/enabled`,
      headers: owner,
      payload: { enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const [row] = await t.db.select().from(devices).where(eq(devices.id, purifier.id));
    expect(row?.autoThreshold).toBeNull();
  });
});
