import { ELECTRICIAN_MSG, MSG, type CustomerRoomBody, type Device, type Room } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { isQueued, sendOrQueue, type Queued } from '~/lib/offline/outbox';
import { ELECTRICIAN_INVALIDATES } from './keys';
import { addCachedRoom, afterChange, offlineFeedback, placeholderId, updateCachedDevice } from './offline';
import { i18n } from '~/lib/i18n';
import '~/lib/i18n/electrician-texts';

const customerPath = (customerId: string) => `/api/electrician/customer/${encodeURIComponent(customerId)}`;

/**
 * POST /api/electrician/customer/{customerId}/rooms {name, type}. Works offline (ADR 070): queued, the room
 * gets a placeholder id, which later queued changes (placing a device in it) may use.
 */
export async function createCustomerRoom(input: {
  customerId: string;
  body: CustomerRoomBody;
}): Promise<Room> {
  const placeholder = placeholderId();
  const result = await sendOrQueue<{ room: Room }>({
    path: `${customerPath(input.customerId)}/rooms`,
    body: input.body,
    label: i18n.t('electrician:queued.room', { name: input.body.name }),
    subject: input.customerId,
    placeholder,
  });
  return isQueued(result)
    ? {
        _id: placeholder,
        name: input.body.name,
        type: input.body.type ?? 'general',
        devices: [],
        created_at: new Date().toISOString(),
      }
    : result.room;
}

export function useCreateCustomerRoom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCustomerRoom,
    meta: offlineFeedback(MSG.roomCreated, MSG.roomCreateFailed),
    onSuccess: (room, { customerId }) =>
      afterChange(client, room._id.startsWith('offline-') ? { queued: true, seq: 0 } : room, () =>
        addCachedRoom(client, customerId, room),
      ),
  });
}

/** POST /api/electrician/customer/{customerId}/devices/{deviceId}/assign-room {room_id}; works offline. */
export async function assignCustomerRoom(input: {
  customerId: string;
  deviceId: string;
  roomId: string;
}): Promise<Device | Queued> {
  const result = await sendOrQueue<{ device: Device }>({
    path: `${customerPath(input.customerId)}/devices/${encodeURIComponent(input.deviceId)}/assign-room`,
    body: { room_id: input.roomId },
    label: i18n.t('electrician:queued.placed'),
    subject: input.customerId,
  });
  return isQueued(result) ? result : result.device;
}

export function useAssignCustomerRoom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: assignCustomerRoom,
    meta: offlineFeedback(MSG.deviceAssigned, MSG.deviceAssignFailed),
    onSuccess: (result, { customerId, deviceId, roomId }) =>
      afterChange(client, result, () => {
        const rooms = client.getQueryData<{ rooms: Room[] }>([
          'electrician',
          'customer',
          customerId,
          'rooms',
        ]);
        const name = rooms?.rooms.find((r) => r._id === roomId)?.name ?? null;
        updateCachedDevice(client, deviceId, (d) => ({ ...d, room_id: roomId, room_name: name }));
      }),
  });
}

/** POST /electrician/assign-device {device_id, customer_id}: a stock device goes to the customer. */
export async function assignDeviceToCustomer(input: {
  deviceId: string;
  customerId: string;
}): Promise<Device> {
  const result = await apiRequest<{ device: Device }>('/electrician/assign-device', {
    method: 'POST',
    body: { device_id: input.deviceId, customer_id: input.customerId },
  });
  return result.device;
}

export function useAssignDeviceToCustomer() {
  return useMutation({
    mutationFn: assignDeviceToCustomer,
    meta: feedback({
      success: ELECTRICIAN_MSG.deviceAssigned,
      error: ELECTRICIAN_MSG.deviceAssignFailed,
      invalidates: ELECTRICIAN_INVALIDATES,
    }),
  });
}
