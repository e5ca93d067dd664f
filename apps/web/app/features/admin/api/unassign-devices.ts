import { type BulkDeviceResponse, ADMIN_MSG } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { ASSIGNMENT_INVALIDATES } from './assignments-keys';

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
  return useMutation({
    mutationFn: unassignDevices,
    meta: feedback({
      success: (result: BulkDeviceResponse) => result.message,
      error: ADMIN_MSG.devicesUnassignFailed,
      invalidates: ASSIGNMENT_INVALIDATES,
    }),
  });
}
