import { ROLE } from '@isaac/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
