import type { Device } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { storeServerDevice } from './cache';
import { ownerKeys } from './keys';

export interface GangRename {
  id: string;
  gangIndex: number;
  name: string;
}

/** PUT /api/devices/:id/gangs/:gangIndex {name} → {device}. */
export function renameGang({ id, gangIndex, name }: GangRename): Promise<{ device: Device }> {
  return apiRequest<{ device: Device }>(`/api/devices/${encodeURIComponent(id)}/gangs/${gangIndex}`, {
    method: 'PUT',
    body: { name },
  });
}

/** Names a switch of a Lumos device ("Ceiling light"): the name voice assistants use. */
export function useRenameGang() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: renameGang,
    meta: feedback({
      success: 'Switch renamed',
      error: 'Failed to rename the switch',
      invalidates: [ownerKeys.devices(), ownerKeys.rooms()],
    }),
    onSuccess: ({ device }) => storeServerDevice(client, device),
  });
}
