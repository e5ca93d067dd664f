import { ELECTRICIAN_MSG, MSG, type CustomerRoomBody, type Device, type Room } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { ELECTRICIAN_INVALIDATES } from './keys';

const customerPath = (customerId: string) => `/api/electrician/customer/${encodeURIComponent(customerId)}`;

/** POST /api/electrician/customer/{customerId}/rooms {name, type}. */
export async function createCustomerRoom(input: {
  customerId: string;
  body: CustomerRoomBody;
}): Promise<Room> {
  const result = await apiRequest<{ room: Room }>(`${customerPath(input.customerId)}/rooms`, {
    method: 'POST',
    body: input.body,
  });
  return result.room;
}

export function useCreateCustomerRoom() {
  return useMutation({
    mutationFn: createCustomerRoom,
    meta: feedback({
      success: MSG.roomCreated,
      error: MSG.roomCreateFailed,
      invalidates: ELECTRICIAN_INVALIDATES,
    }),
  });
}

/** POST /api/electrician/customer/{customerId}/devices/{deviceId}/assign-room {room_id}. */
export async function assignCustomerRoom(input: {
  customerId: string;
  deviceId: string;
  roomId: string;
}): Promise<Device> {
  const result = await apiRequest<{ device: Device }>(
    `${customerPath(input.customerId)}/devices/${encodeURIComponent(input.deviceId)}/assign-room`,
    { method: 'POST', body: { room_id: input.roomId } },
  );
  return result.device;
}

export function useAssignCustomerRoom() {
  return useMutation({
    mutationFn: assignCustomerRoom,
    meta: feedback({
      success: MSG.deviceAssigned,
      error: MSG.deviceAssignFailed,
      invalidates: ELECTRICIAN_INVALIDATES,
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
