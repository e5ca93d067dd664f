import { MSG, type CreateDeviceInput, type Device } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { ownerKeys } from './keys';

/** POST /api/devices {name, model, serial_number, type} → 201 {device}. */
export function createDevice(body: CreateDeviceInput): Promise<{ device: Device }> {
  return apiRequest<{ device: Device }>('/api/devices', { method: 'POST', body });
}

/** Add Device: the lists and the dashboard counts change. Field errors are left to the form. */
export function useCreateDevice() {
  return useMutation({
    mutationFn: createDevice,
    meta: feedback({
      success: MSG.deviceAdded,
      error: MSG.deviceAddFailed,
      invalidates: [ownerKeys.devices(), ownerKeys.dashboard()],
    }),
  });
}
