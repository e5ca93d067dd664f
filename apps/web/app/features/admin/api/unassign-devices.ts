import { MSG, type BulkDeviceResponse } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { invalidateAssignments } from './assignments-cache';

/** Whom the selected devices leave: their electrician, or their owner (they become available). */
export type UnassignFrom = 'electrician' | 'owner';

export interface DeviceUnassignment {
  from: UnassignFrom;
  deviceIds: string[];
}

/** POST /api/admin/devices/unassign-electrician | /api/admin/devices/unassign-owner {device_ids}. */
export function unassignDevices({ from, deviceIds }: DeviceUnassignment): Promise<BulkDeviceResponse> {
  return apiRequest<BulkDeviceResponse>(`/api/admin/devices/unassign-${from}`, {
    method: 'POST',
    body: { device_ids: deviceIds },
  });
}

export function useUnassignDevices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unassignDevices,
    onSuccess: (result) => toast.success(result.message),
    onError: (err) => toast.error(errorMessage(err, MSG.devicesUnassignFailed)),
    onSettled: () => invalidateAssignments(client),
  });
}
