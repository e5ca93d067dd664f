import type { Device } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { storeServerDevice } from './cache';
import { ownerKeys } from './keys';

/** PUT /api/devices/:id/auto-mode {threshold} → {device}: ISAAC auto mode on (a PM2.5 threshold) or off (null). */
export function setAutoMode({
  id,
  threshold,
}: {
  id: string;
  threshold: number | null;
}): Promise<{ device: Device }> {
  return apiRequest<{ device: Device }>(`/api/devices/${encodeURIComponent(id)}/auto-mode`, {
    method: 'PUT',
    body: { threshold },
  });
}

export function useSetAutoMode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setAutoMode,
    meta: feedback<{ device: Device }, { threshold: number | null }>({
      success: (_result, variables) => (variables.threshold === null ? 'Auto mode off' : 'Auto mode on'),
      error: 'Failed to change auto mode',
      invalidates: [ownerKeys.devices(), ownerKeys.rooms()],
    }),
    onSuccess: ({ device }) => storeServerDevice(client, device),
  });
}
