import { ROLE } from '@isaac/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deviceActivity, deviceCommands, devices, type DeviceRow } from '../../db/schema/index.ts';
import { auditContextFor, createTestApp, type TestApp } from '../../test/helpers.ts';
import { DeviceCommandService, desiredStateFor, type DeviceState, type DeviceTransport } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let serial = 0;
async function lumos(gangs: boolean[]): Promise<{ device: DeviceRow; ownerId: string }> {
  const { user } = await t.createUser({ role: ROLE.owner });
  const [device] = await t.db
    .insert(devices)
    .values({
      name: 'Switch',
      model: `Lumos ${gangs.length}-Gang`,
      serialNumber: `DC-${process.pid}-${++serial}`,
      type: 'lumos',
      userId: user.id,
      gangCount: gangs.length,
      gangStates: gangs,
      powerOn: gangs.some(Boolean),
    })
    .returning();
  if (!device) throw new Error('no device');
  return { device, ownerId: user.id };
}

const activityOf = (deviceId: string) =>
  t.db.select().from(deviceActivity).where(eq(deviceActivity.deviceId, deviceId));

describe('desiredStateFor', () => {
  it('power on a Lumos switch turns every gang; a gang command keeps the others', async () => {
    const { device } = await lumos([false, true, false]);
    expect(desiredStateFor(device, { kind: 'power', on: true })).toEqual({
      power_on: true,
      gang_states: [true, true, true],
      fan_speed: null,
    });
    expect(desiredStateFor(device, { kind: 'gang', index: 1, on: false })).toEqual({
      power_on: false,
      gang_states: [false, false, false],
      fan_speed: null,
    });
    expect(() => desiredStateFor(device, { kind: 'gang', index: 3, on: true })).toThrow(/out of range/);
  });

  it("a fan speed changes an ISAAC purifier's speed and keeps its power; other devices have no fan (400)", async () => {
    const { device } = await lumos([false]);
    const purifier: DeviceRow = {
      ...device,
      type: 'isaac',
      gangCount: 0,
      gangStates: [],
      powerOn: true,
      fanSpeed: 'low',
    };
    expect(desiredStateFor(purifier, { kind: 'fan_speed', speed: 'high' })).toEqual({
      power_on: true,
      gang_states: [],
      fan_speed: 'high',
    });
    expect(desiredStateFor(purifier, { kind: 'power', on: false })).toEqual({
      power_on: false,
      gang_states: [],
      fan_speed: 'low',
    });
    expect(() => desiredStateFor(device, { kind: 'fan_speed', speed: 'low' })).toThrow(/no fan/);
  });
});

describe('DeviceCommandService', () => {
  it('with a transport that only delivers (like MQTT), records the desired state but keeps the stored one', async () => {
    const delivered: DeviceState[] = [];
    const queued: DeviceTransport = {
      name: 'queued',
      apply: async () => null,
      afterCommit: async (_device, desired) => {
        delivered.push(desired);
      },
    };
    const service = new DeviceCommandService(t.db, t.app.services.audit, t.clock.now, queued);
    const { device, ownerId } = await lumos([false, false]);
    const row = await service.executeCommand({
      deviceId: device.id,
      scope: { kind: 'owner', userId: ownerId },
      command: { kind: 'gang', index: 0, on: true },
      context: auditContextFor(ownerId, 'api'),
    });
    expect(row.desiredState).toEqual({ power_on: true, gang_states: [true, false] });
    expect(row.gangStates).toEqual([false, false]);
    expect(row.powerOn).toBe(false);
    // last_updated is when the stored state last changed: not before the device reports.
    expect(row.lastUpdated).toBeNull();
    expect(delivered).toEqual([{ power_on: true, gang_states: [true, false], fan_speed: null }]);
    const [sent] = await t.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, device.id));
    expect(sent).toMatchObject({ status: 'sent', channel: 'api', actorUserId: ownerId });
    const [activity] = await activityOf(device.id);
    expect(activity).toMatchObject({ action: 'gang_on', channel: 'api', actorUserId: ownerId });
    expect(activity?.payload).toMatchObject({ applied: false, transport: 'queued' });
  });

  it('a failing transport rolls the whole command back: no desired state, no activity row', async () => {
    const broken: DeviceTransport = {
      name: 'broken',
      apply: async () => {
        throw new Error('broker unreachable');
      },
    };
    const service = new DeviceCommandService(t.db, t.app.services.audit, t.clock.now, broken);
    const { device, ownerId } = await lumos([true]);
    await expect(
      service.executeCommand({
        deviceId: device.id,
        scope: { kind: 'owner', userId: ownerId },
        command: { kind: 'power', on: false },
        context: auditContextFor(ownerId, 'web'),
      }),
    ).rejects.toThrow('broker unreachable');
    const [row] = await t.db.select().from(devices).where(eq(devices.id, device.id));
    expect(row).toMatchObject({ desiredState: null, lastUpdated: null, powerOn: true });
    expect(await activityOf(device.id)).toEqual([]);
  });

  it('a batch (executeCommands): one lock and write for all, each delivered and acknowledged; a failure fails alone', async () => {
    const published: string[] = [];
    const devicesTransport: DeviceTransport = {
      name: 'remote',
      apply: async () => null,
      deliver: async (device, desired) => {
        published.push(device.id);
        if (device.name === 'Refuses') {
          throw Object.assign(new Error('The device could not carry out the command'), {
            name: 'DeliveryRefused',
          });
        }
        return { power_on: desired.power_on, gang_states: desired.gang_states };
      },
    };
    const service = new DeviceCommandService(t.db, t.app.services.audit, t.clock.now, devicesTransport);
    // The acknowledgements that come while the first is written are stored together, as one statement.
    const together = vi.spyOn(t.app.services.audit, 'insertMany');
    const a = await lumos([false, false]);
    const b = await lumos([true]);
    const c = await lumos([false]);
    const refuses = await lumos([false]);
    await t.db.update(devices).set({ name: 'Refuses' }).where(eq(devices.id, refuses.device.id));
    const stranger = await lumos([false]);
    const command = (deviceId: string, userId: string, index: number, on: boolean) => ({
      deviceId,
      scope: { kind: 'owner' as const, userId },
      command: { kind: 'gang' as const, index, on },
      context: auditContextFor(userId, 'automation'),
    });
    const results = await service.executeCommands([
      command(a.device.id, a.ownerId, 0, true),
      command(b.device.id, b.ownerId, 0, false),
      // Not b's device: not found, as executeCommand answers.
      command(stranger.device.id, b.ownerId, 0, true),
      command(refuses.device.id, refuses.ownerId, 0, true),
      // No third gang: impossible (400), the others go on.
      command(a.device.id, a.ownerId, 2, true),
      // The same device again: after the batch, on the state the first command left.
      command(a.device.id, a.ownerId, 1, true),
      command(c.device.id, c.ownerId, 0, true),
    ]);
    // The refusal is the device's own answer (409), as executeCommand answers it.
    expect(results.map((r) => (r.ok ? 'ok' : (r.error as { statusCode?: number }).statusCode))).toEqual([
      'ok',
      'ok',
      404,
      409,
      400,
      'ok',
      'ok',
    ]);
    // Single records take the same call (the first acknowledgement's wave, the refusal, the command after the
    // batch; how many depends on timing); the two acknowledgements that came while the first was written are one.
    expect(together.mock.calls.map(([, entries]) => entries.length).filter((n) => n > 1)).toEqual([2]);
    together.mockRestore();
    expect((await t.db.select().from(devices).where(eq(devices.id, c.device.id)))[0]).toMatchObject({
      powerOn: true,
      gangStates: [true],
    });
    const [first, second] = [results[0], results[1]];
    expect(first?.ok && first.device.gangStates).toEqual([true, false]);
    expect(second?.ok && second.device.powerOn).toBe(false);
    const last = results[5];
    expect(last?.ok && last.device.gangStates).toEqual([true, true]);
    // Nothing reached the stranger's device; the refusal is recorded as the command's end.
    expect(published).not.toContain(stranger.device.id);
    const statuses = async (deviceId: string) =>
      (await t.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, deviceId))).map(
        (c) => c.status,
      );
    expect((await statuses(a.device.id)).sort()).toEqual(['acked', 'acked']);
    expect(await statuses(stranger.device.id)).toEqual([]);
    expect(await statuses(refuses.device.id)).toEqual(['failed']);
    const activity = await activityOf(b.device.id);
    expect(activity).toMatchObject([{ action: 'gang_off', channel: 'automation', actorUserId: b.ownerId }]);
    expect(activity[0]?.payload).toMatchObject({ applied: false, transport: 'remote' });
  });

  it("the scope limits the device: another owner's scope gets 404", async () => {
    const service = new DeviceCommandService(t.db, t.app.services.audit, t.clock.now);
    const { device } = await lumos([false]);
    const { user: stranger } = await t.createUser({ role: ROLE.owner });
    await expect(
      service.executeCommand({
        deviceId: device.id,
        scope: { kind: 'owner', userId: stranger.id },
        command: { kind: 'power', on: true },
        context: auditContextFor(stranger.id, 'api'),
      }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});
