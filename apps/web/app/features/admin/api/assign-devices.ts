import { type AssignDevicesResponse, ADMIN_MSG } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { ASSIGNMENT_INVALIDATES } from './assignments-keys';

export interface DeviceAssignment {
  electricianId: string;
  deviceIds: string[];
}

/** POST /api/admin/electricians/:electrician_id/devices {device_ids}. */
export function assignDevices({
  electricianId,
  deviceIds,
}: DeviceAssignment): Promise<AssignDevicesResponse> {
  return apiRequest<AssignDevicesResponse>(
    `/api/admin/electricians/${encodeURIComponent(electricianId)}/devices`,
    { method: 'POST', body: { device_ids: deviceIds } },
  );
}

export function useAssignDevices() {
  return useMutation({
    mutationFn: assignDevices,
    meta: feedback({
      success: ADMIN_MSG.devicesAssigned,
      error: ADMIN_MSG.devicesAssignFailed,
      invalidates: ASSIGNMENT_INVALIDATES,
    }),
  });
}
