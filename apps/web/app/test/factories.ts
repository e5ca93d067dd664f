import type { Device, Room, User } from '@isaac/contract';

/** Entities as the API presents them, with defaults; a test overrides only what it is about. */
export function makeDevice(patch: Partial<Device> = {}): Device {
  return {
    _id: 'd1',
    name: 'Living Room Purifier',
    model: 'ISAAC Air Purifier',
    serial_number: 'ISC-0001',
    type: 'isaac',
    is_connected: true,
    power_on: false,
    status: { is_connected: true, power_on: false },
    battery_level: 64,
    firmware_version: '1.1.0',
    gangs: [],
    room_id: null,
    room_name: null,
    user_id: 'u1',
    wifi_configured: true,
    bluetooth_paired: true,
    last_updated: '2026-03-01T10:00:00.000Z',
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

export function makeRoom(patch: Partial<Room> = {}): Room {
  return {
    _id: 'r1',
    name: 'Kitchen',
    type: 'kitchen',
    devices: [],
    created_at: '2026-01-01T00:00:00.000Z',
    ...patch,
  };
}

/** A user (the `i`th: its id, name, e-mail and username follow it), an owner unless `patch` says otherwise. */
export function makeUser(i: number, patch: Partial<User> = {}): User {
  return {
    _id: `u${i}`,
    name: `Person ${i}`,
    email: `person${i}@example.com`,
    username: `person${i}`,
    mobile: '+91 98450 00000',
    role: 2,
    status: 'active',
    created_at: '2026-01-01T00:00:00.000Z',
    location: null,
    two_factor_enabled: false,
    language: null,
    ...patch,
  };
}
