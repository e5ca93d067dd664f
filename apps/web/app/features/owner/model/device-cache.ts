import { applyDeviceCommand, type Device, type DeviceCommand, type Room } from '@isaac/contract';

/** The cached shapes that hold devices: a device list page and a room list page (rooms carry devices). */
export interface DeviceListData {
  devices: Device[];
  page: number;
  page_size: number;
  total: number;
}
export interface RoomListData {
  rooms: Room[];
  page: number;
  page_size: number;
  total: number;
}

type DeviceUpdate = (device: Device) => Device;

/** A device with the state `command` leads to (the contract's rules); unchanged if it cannot apply. */
function withCommand(device: Device, command: DeviceCommand): Device {
  const outcome = applyDeviceCommand(
    { type: device.type, gang_states: device.gangs.map((g) => g.on) },
    command,
  );
  if (!outcome.ok) return device;
  const { power_on, gang_states } = outcome.state;
  return {
    ...device,
    power_on,
    status: { ...device.status, power_on },
    gangs: device.gangs.map((gang, i) => ({ ...gang, on: gang_states[i] ?? gang.on })),
  };
}

/**
 * Power toggle as the server applies it: on ↔ off, and a Lumos switch turns all its gangs with its power.
 * (The server's answer replaces this optimistic copy.)
 */
export function withPowerToggled(device: Device): Device {
  return withCommand(device, { kind: 'power', on: !device.power_on });
}

/**
 * One gang of a Lumos switch flipped; the switch counts as on while any gang is on. Unknown indexes
 * leave the device as it is.
 */
export function withGangToggled(device: Device, gangIndex: number): Device {
  const position = device.gangs.findIndex((gang) => gang.index === gangIndex);
  const gang = device.gangs[position];
  if (!gang) return device;
  return withCommand(device, { kind: 'gang', index: position, on: !gang.on });
}

/** The same device from the server, whatever it was before. */
export function replacedBy(next: Device): DeviceUpdate {
  return () => next;
}

/** Applies `update` to the device `id` in a device list page; the same object back when it is not there. */
export function updateDeviceInList(
  data: DeviceListData | undefined,
  id: string,
  update: DeviceUpdate,
): DeviceListData | undefined {
  if (!data || !data.devices.some((d) => d._id === id)) return data;
  return { ...data, devices: data.devices.map((d) => (d._id === id ? update(d) : d)) };
}

/** Applies `update` to the device `id` inside every room of a room list page. */
export function updateDeviceInRooms(
  data: RoomListData | undefined,
  id: string,
  update: DeviceUpdate,
): RoomListData | undefined {
  if (!data || !data.rooms.some((room) => room.devices.some((d) => d._id === id))) return data;
  return {
    ...data,
    rooms: data.rooms.map((room) =>
      room.devices.some((d) => d._id === id)
        ? { ...room, devices: room.devices.map((d) => (d._id === id ? update(d) : d)) }
        : room,
    ),
  };
}

/** The power button's label comes from the power state: an off device offers Turn On. */
export function powerActionLabel(device: Pick<Device, 'power_on'>): 'Turn On' | 'Turn Off' {
  return device.power_on ? 'Turn Off' : 'Turn On';
}
