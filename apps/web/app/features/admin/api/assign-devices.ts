import { MSG, type AssignDevicesResponse } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { invalidateAssignments } from './assignments-cache';

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
  const client = useQueryClient();
  return useMutation({
    mutationFn: assignDevices,
    onSuccess: () => toast.success(MSG.devicesAssigned),
    onError: (err) => toast.error(errorMessage(err, MSG.devicesAssignFailed)),
    onSettled: () => invalidateAssignments(client),
  });
}
