import { MSG, type CreateDeviceInput, type Device } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '~/lib/toast';
import { apiRequest, errorMessage } from '~/lib/api-client';
import { invalidate } from './cache';
import { ownerKeys } from './keys';

/** POST /api/devices {name, model, serial_number, type} → 201 {device}. */
export function createDevice(body: CreateDeviceInput): Promise<{ device: Device }> {
  return apiRequest<{ device: Device }>('/api/devices', { method: 'POST', body });
}

/** Add Device: the lists and the dashboard counts change. Field errors are left to the form. */
export function useCreateDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createDevice,
    onSuccess: () => {
      toast.success(MSG.deviceAdded);
    },
    onError: (err) => {
      toast.error(errorMessage(err, MSG.deviceAddFailed));
    },
    onSettled: () => invalidate(client, ownerKeys.devices(), ownerKeys.dashboard()),
  });
}
