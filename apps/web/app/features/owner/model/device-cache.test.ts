// @vitest-environment node
import type { Device, Room } from '@isaac/contract';
import { describe, expect, it } from 'vitest';
import {
  type DeviceListData,
  type RoomListData,
  powerActionLabel,
  replacedBy,
  updateDeviceInList,
  updateDeviceInRooms,
  withGangToggled,
  withPowerToggled,
} from './device-cache';

function device(patch: Partial<Device> = {}): Device {
  return {
    _id: 'd1',
    name: 'Hall Switch',
    model: 'Lumos 2-Gang',
    serial_number: 'LMS-1',
    type: 'lumos',
    is_connected: true,
    power_on: false,
    status: { is_connected: true, power_on: false },
    battery_level: null,
    firmware_version: '1.0.0',
    gangs: [
      { index: 0, on: false, name: 'Switch 1' },
      { index: 1, on: true, name: 'Switch 2' },
    ],
    room_id: null,
    room_name: null,
    user_id: 'u1',
    wifi_configured: true,
    bluetooth_paired: true,
    last_updated: null,
    created_at: '2026-01-01T00:00:00.000Z',
    last_seen_at: null,
    fan_speed: null,
    filter_life: null,
    filter_days_left: null,
    auto_threshold: null,
    update: null,
    air_quality: null,
    ...patch,
  };
}

function room(id: string, devices: Device[]): Room {
  return { _id: id, name: id, type: 'bedroom', devices, created_at: '2026-01-01T00:00:00.000Z' };
}

describe('optimistic device updates', () => {
  it('flips the power state and its status mirror, and a Lumos switch turns all its gangs with it', () => {
    const next = withPowerToggled(device());
    expect(next.power_on).toBe(true);
    expect(next.status).toEqual({ is_connected: true, power_on: true });
    expect(next.gangs.map((g) => g.on)).toEqual([true, true]);
    const off = withPowerToggled(next);
    expect(off.power_on).toBe(false);
    expect(off.gangs.map((g) => g.on)).toEqual([false, false]);

    const purifier = device({ type: 'isaac', gangs: [] });
    expect(withPowerToggled(purifier).gangs).toEqual([]);
  });

  it('flips only the chosen gang; the switch is on while any gang is on', () => {
    const allOff = device({
      gangs: [
        { index: 0, on: false, name: 'Switch 1' },
        { index: 1, on: false, name: 'Switch 2' },
      ],
    });
    const next = withGangToggled(allOff, 0);
    expect(next.gangs).toEqual([
      { index: 0, on: true, name: 'Switch 1' },
      { index: 1, on: false, name: 'Switch 2' },
    ]);
    expect(next.power_on).toBe(true);
    expect(next.status.power_on).toBe(true);
    expect(withGangToggled(next, 0).power_on).toBe(false);
    const unchanged = device();
    expect(withGangToggled(unchanged, 7)).toBe(unchanged);
  });

  it('labels the power button from the power state', () => {
    expect(powerActionLabel({ power_on: false })).toBe('Turn On');
    expect(powerActionLabel({ power_on: true })).toBe('Turn Off');
  });
});

describe('cache updates', () => {
  const other = device({ _id: 'd2', name: 'Purifier', type: 'isaac', gangs: [] });
  const list: DeviceListData = { devices: [device(), other], page: 1, page_size: 12, total: 2 };

  it('updates the device in a list page and leaves the others as they were', () => {
    const next = updateDeviceInList(list, 'd1', withPowerToggled);
    expect(next?.devices[0]?.power_on).toBe(true);
    expect(next?.devices[1]).toBe(other);
    expect(next?.total).toBe(2);
    expect(list.devices[0]?.power_on).toBe(false);
  });

  it('returns the same page when the device is not on it, and nothing when nothing is cached', () => {
    expect(updateDeviceInList(list, 'missing', withPowerToggled)).toBe(list);
    expect(updateDeviceInList(undefined, 'd1', withPowerToggled)).toBeUndefined();
  });

  it('updates the device inside the rooms that hold it', () => {
    const empty = room('r2', []);
    const rooms: RoomListData = { rooms: [room('r1', [device()]), empty], page: 1, page_size: 20, total: 2 };
    const next = updateDeviceInRooms(rooms, 'd1', (d) => withGangToggled(d, 1));
    expect(next?.rooms[0]?.devices[0]?.gangs[1]).toEqual({ index: 1, on: false, name: 'Switch 2' });
    expect(next?.rooms[1]).toBe(empty);
    expect(updateDeviceInRooms(rooms, 'missing', withPowerToggled)).toBe(rooms);
  });

  it('replaces the optimistic device with the server answer', () => {
    const server = device({
      power_on: true,
      status: { is_connected: true, power_on: true },
      name: 'Renamed',
    });
    const next = updateDeviceInList(list, 'd1', replacedBy(server));
    expect(next?.devices[0]).toBe(server);
  });
});
