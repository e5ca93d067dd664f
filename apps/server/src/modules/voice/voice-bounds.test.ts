import { ROLE, VOICE_LIMITS } from '@isaac/contract';
import { eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, type UserRow } from '../../db/schema/index.ts';
import { SimulatedDevice } from '../../simulator/device.ts';
import { createTestApp, TIMING_SLACK, type TestApp, until as untilHolds } from '../../test/helpers.ts';
import { linkOwner, registerTestClient } from '../../test/oauth-linking.ts';

type ExecuteAnswer = {
  payload: { commands: { ids: string[]; status: string; errorCode?: string }[] };
};

const until = (check: () => Promise<boolean> | boolean, ms = 15_000) => untilHolds(check, ms);

/**
 * Bounded voice work (issue 27, ADR 054) over the real device plane: simulated purifiers that take 300 ms to
 * acknowledge — one after another, 40 of them would take 12 s, past Google's limit.
 */
describe('voice requests: de-duplicated, capped, concurrent, under one deadline', () => {
  let t: TestApp;
  let token: string;
  let owner: { user: UserRow; password: string };
  const fleet: SimulatedDevice[] = [];

  async function purifier(ackLatencyMs: number) {
    const [row] = await t.db
      .insert(devices)
      .values({
        name: `Purifier ${fleet.length + 1}`,
        model: 'ISAAC',
        serialNumber: `VB-${Date.now()}-${fleet.length}`,
        type: 'isaac',
        userId: owner.user.id,
        powerOn: true,
      })
      .returning();
    const device = new SimulatedDevice({
      id: row!.id,
      secret: await t.app.services.deviceCredentials.issue(row!.id),
      type: 'isaac',
      gangCount: 0,
      url: t.app.services.devicePlane!.bus.url,
      state: { power_on: false, gang_states: [], fan_speed: 'medium' },
      ackLatencyMs,
    });
    await device.start();
    fleet.push(device);
    return device;
  }

  const execute = (ids: string[], on = true) =>
    t.app.inject({
      method: 'POST',
      url: '/api/voice/google',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        requestId: 'bounded-1',
        inputs: [
          {
            intent: 'action.devices.EXECUTE',
            payload: {
              commands: [
                {
                  devices: ids.map((id) => ({ id })),
                  execution: [{ command: 'action.devices.commands.OnOff', params: { on } }],
                },
              ],
            },
          },
        ],
      },
    });

  beforeAll(async () => {
    t = await createTestApp({ env: { DEVICE_TRANSPORT: 'mqtt', MQTT_PORT: '0' } });
    owner = await t.createUser({ role: ROLE.owner });
    token = (await linkOwner(t, await registerTestClient(t), owner)).access_token;
    for (let i = 0; i < VOICE_LIMITS.maxStepsPerRequest + 5; i += 1) await purifier(300);
    // Connected, and each one's first state report handled.
    expect(
      await until(async () => {
        const rows = await t.db
          .select({ connected: devices.isConnected, on: devices.powerOn })
          .from(devices)
          .where(eq(devices.userId, owner.user.id));
        return rows.every((r) => r.connected && !r.on);
      }),
    ).toBe(true);
  }, 60_000 * TIMING_SLACK);
  afterAll(async () => {
    for (const device of fleet) device.kill();
    await t.close();
  });

  it('200 device references (40 devices, each 5 times) run once per device, concurrently, well under the deadline', async () => {
    const forty = fleet.slice(0, 40);
    const ids = Array.from({ length: 5 }, () => forty.map((d) => d.id)).flat();
    expect(ids).toHaveLength(200);
    const started = Date.now();
    const res = await execute(ids);
    const took = Date.now() - started;
    expect(res.statusCode, res.body).toBe(200);
    expect(took).toBeLessThan(VOICE_LIMITS.deadlineMs);
    const commands = res.json<ExecuteAnswer>().payload.commands;
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatchObject({ status: 'SUCCESS' });
    expect(new Set(commands[0]!.ids)).toEqual(new Set(forty.map((d) => d.id)));
    expect(commands[0]!.ids).toHaveLength(40);
    // Each device took the command once.
    expect(forty.map((d) => d.stats.commands)).toEqual(forty.map(() => 1));
  });

  it(`at most ${VOICE_LIMITS.maxStepsPerRequest} device commands per request: the endpoints beyond answer actionNotAvailable`, async () => {
    const before = fleet.map((d) => d.stats.commands);
    const res = await execute(
      fleet.map((d) => d.id),
      false,
    );
    expect(res.statusCode, res.body).toBe(200);
    const commands = res.json<ExecuteAnswer>().payload.commands;
    const success = commands.find((c) => c.status === 'SUCCESS');
    const refused = commands.find((c) => c.errorCode === 'actionNotAvailable');
    expect(success?.ids).toEqual(fleet.slice(0, VOICE_LIMITS.maxStepsPerRequest).map((d) => d.id));
    expect(refused).toMatchObject({ status: 'ERROR' });
    expect(refused?.ids).toEqual(fleet.slice(VOICE_LIMITS.maxStepsPerRequest).map((d) => d.id));
    const sent = fleet.map((d, i) => d.stats.commands - before[i]!);
    expect(sent.filter((n) => n === 1)).toHaveLength(VOICE_LIMITS.maxStepsPerRequest);
    expect(sent.filter((n) => n === 0)).toHaveLength(5);
  });

  it('a device that has not answered by the deadline is reported offline (Google deviceOffline, Alexa ENDPOINT_UNREACHABLE); the others succeed', async () => {
    const slow = await purifier(3_000);
    expect(
      await until(async () => {
        const [row] = await t.db.select().from(devices).where(eq(devices.id, slow.id));
        return row!.isConnected;
      }),
    ).toBe(true);
    const limits = t.app.services.voice.limits;
    limits.deadlineMs = 1_000;
    try {
      const quick = fleet.slice(0, 3);
      const started = Date.now();
      const res = await execute([slow.id, ...quick.map((d) => d.id)]);
      expect(Date.now() - started).toBeLessThan(2_000);
      const commands = res.json<ExecuteAnswer>().payload.commands;
      expect(commands).toEqual(
        expect.arrayContaining([
          { ids: [slow.id], status: 'OFFLINE', errorCode: 'deviceOffline' },
          expect.objectContaining({ ids: quick.map((d) => d.id), status: 'SUCCESS' }),
        ]),
      );
      const directive = JSON.parse(
        readFileSync(new URL('./fixtures/alexa-turn-on.directive.json', import.meta.url), 'utf8')
          .replaceAll('access-token-from-skill', token)
          .replaceAll('22222222-2222-4222-8222-222222222222:g1', slow.id),
      ) as object;
      const alexaStarted = Date.now();
      const alexa = await t.app.inject({ method: 'POST', url: '/api/voice/alexa', payload: directive });
      expect(Date.now() - alexaStarted).toBeLessThan(2_000);
      expect(alexa.json()).toMatchObject({
        event: { header: { name: 'ErrorResponse' }, payload: { type: 'ENDPOINT_UNREACHABLE' } },
      });
    } finally {
      limits.deadlineMs = VOICE_LIMITS.deadlineMs;
    }
  });
});
