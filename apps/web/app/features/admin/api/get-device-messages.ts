import type { DeviceMessageStats } from '@isaac/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { assignmentKeys } from './assignments-keys';

/** GET /api/admin/devices/{id}/messages → what the device sent that was not stored (issue 27). */
export function getDeviceMessages(deviceId: string, signal?: AbortSignal): Promise<DeviceMessageStats> {
  return apiRequest<DeviceMessageStats>(`/api/admin/devices/${encodeURIComponent(deviceId)}/messages`, {
    signal,
  });
}

export function useDeviceMessages(deviceId: string) {
  return useQuery({
    queryKey: assignmentKeys.deviceMessages(deviceId),
    queryFn: ({ signal }) => getDeviceMessages(deviceId, signal),
  });
}
