import type { Device, Room } from '@isaac/contract';
import { type Call, fakeApi, json } from '~/test/fake-api';
import { makeDevice } from '~/test/factories';

/**
 * A tiny in-memory owner API on the shared fake API (test/fake-api.ts): lists filter like the server,
 * toggles, assignment and Add Device change `state`; `setOverride` answers one call a test's own way.
 */
export function fakeOwnerApi(initial: { devices?: Device[]; rooms?: Room[] } = {}) {
  const state = { devices: initial.devices ?? [], rooms: initial.rooms ?? [] };
  const find = (id: string | undefined) => state.devices.find((d) => d._id === id);
  const notFound = (message: string) => json(404, { error: 'not_found', message });

  const listDevices = ({ method, path, search }: Call) => {
    if (method !== 'GET' || path !== '/api/devices') return undefined;
    const room = search.get('room_id');
    const type = search.get('type');
    const devices = state.devices.filter(
      (d) =>
        (!room || (room === 'none' ? d.room_id === null : d.room_id === room)) && (!type || d.type === type),
    );
    return json(200, {
      devices,
      page: 1,
      page_size: Number(search.get('page_size') ?? 20),
      total: devices.length,
    });
  };

  const listRooms = ({ method, path }: Call) =>
    method === 'GET' && path === '/api/rooms'
      ? json(200, { rooms: state.rooms, page: 1, page_size: 20, total: state.rooms.length })
      : undefined;

  const toggle = ({ method, path }: Call) => {
    const match = /^\/api\/devices\/([^/]+)\/toggle$/.exec(path);
    if (method !== 'POST' || !match) return undefined;
    const device = find(match[1]);
    if (!device) return notFound('Device not found');
    device.power_on = !device.power_on;
    device.status = { ...device.status, power_on: device.power_on };
    return json(200, { device });
  };

  const toggleGang = ({ method, path }: Call) => {
    const match = /^\/api\/devices\/([^/]+)\/gang\/(\d+)\/toggle$/.exec(path);
    if (method !== 'POST' || !match) return undefined;
    const device = find(match[1]);
    if (!device) return notFound('Device not found');
    device.gangs = device.gangs.map((g) => (g.index === Number(match[2]) ? { ...g, on: !g.on } : g));
    return json(200, { device });
  };

  const assignRoom = ({ method, path, body }: Call) => {
    const match = /^\/api\/devices\/([^/]+)\/assign-room$/.exec(path);
    if (method !== 'POST' || !match) return undefined;
    const device = find(match[1]);
    const room = state.rooms.find((r) => r._id === (body as { room_id: string }).room_id);
    if (!device || !room) return notFound('Not found');
    Object.assign(device, { room_id: room._id, room_name: room.name });
    return json(200, { device });
  };

  const createDevice = ({ method, path, body }: Call) => {
    if (method !== 'POST' || path !== '/api/devices') return undefined;
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
  };

  return { state, ...fakeApi([listDevices, listRooms, toggle, toggleGang, assignRoom, createDevice]) };
}
