import type { Device, Room } from '@isaac/contract';
import { vi } from 'vitest';

export const API = 'http://api.test';

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

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

export interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

type Route = (call: Call) => Response | Promise<Response> | undefined;

/**
 * A tiny in-memory owner API behind a fetch mock: lists filter like the server, and `override` lets a test
 * answer one call its own way (a failure, a slow answer).
 */
export function fakeOwnerApi(initial: { devices?: Device[]; rooms?: Room[] } = {}) {
  const state = { devices: initial.devices ?? [], rooms: initial.rooms ?? [] };
  const calls: Call[] = [];
  let override: Route | undefined;

  const handler = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: Call = { method, path: url.pathname, search: url.searchParams, body };
    calls.push(call);
    const custom = override?.(call);
    if (custom) return custom;

    if (url.pathname === '/auth/csrf-token') return json(200, { csrf_token: 'csrf-1' });
    if (method === 'GET' && url.pathname === '/api/devices') {
      const room = url.searchParams.get('room_id');
      const type = url.searchParams.get('type');
      const devices = state.devices.filter(
        (d) =>
          (!room || (room === 'none' ? d.room_id === null : d.room_id === room)) &&
          (!type || d.type === type),
      );
      return json(200, {
        devices,
        page: 1,
        page_size: Number(url.searchParams.get('page_size') ?? 20),
        total: devices.length,
      });
    }
    if (method === 'GET' && url.pathname === '/api/rooms') {
      return json(200, { rooms: state.rooms, page: 1, page_size: 20, total: state.rooms.length });
    }
    const toggle = /^\/api\/devices\/([^/]+)\/toggle$/.exec(url.pathname);
    if (method === 'POST' && toggle) {
      const device = state.devices.find((d) => d._id === toggle[1]);
      if (!device) return json(404, { error: 'not_found', message: 'Device not found' });
      device.power_on = !device.power_on;
      device.status = { ...device.status, power_on: device.power_on };
      return json(200, { device });
    }
    const gang = /^\/api\/devices\/([^/]+)\/gang\/(\d+)\/toggle$/.exec(url.pathname);
    if (method === 'POST' && gang) {
      const device = state.devices.find((d) => d._id === gang[1]);
      if (!device) return json(404, { error: 'not_found', message: 'Device not found' });
      device.gangs = device.gangs.map((g) => (g.index === Number(gang[2]) ? { ...g, on: !g.on } : g));
      return json(200, { device });
    }
    const assign = /^\/api\/devices\/([^/]+)\/assign-room$/.exec(url.pathname);
    if (method === 'POST' && assign) {
      const device = state.devices.find((d) => d._id === assign[1]);
      const roomId = (body as { room_id: string }).room_id;
      const room = state.rooms.find((r) => r._id === roomId);
      if (!device || !room) return json(404, { error: 'not_found', message: 'Not found' });
      Object.assign(device, { room_id: room._id, room_name: room.name });
      return json(200, { device });
    }
    if (method === 'POST' && url.pathname === '/api/devices') {
      const input = body as Pick<Device, 'name' | 'model' | 'serial_number' | 'type'>;
      if (state.devices.some((d) => d.serial_number === input.serial_number)) {
        return json(409, {
          error: 'conflict',
          message: `Serial number ${input.serial_number} is already registered`,
        });
      }
      const device = makeDevice({ ...input, _id: `d${state.devices.length + 1}` });
      state.devices.push(device);
      return json(201, { device });
    }
    return json(404, { error: 'not_found', message: `No fake route for ${method} ${url.pathname}` });
  };

  const fetchMock = vi.fn(handler);
  return {
    state,
    calls,
    fetchMock,
    setOverride(route: Route | undefined) {
      override = route;
    },
  };
}

/** A promise and the functions that settle it. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
