import { FIRMWARE_MSG } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { firmwareKeys } from './firmware-keys';

/** DELETE /api/admin/firmware/:id → {message}; 409 while a device reports that version as installed. */
export function deleteFirmware(id: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(`/api/admin/firmware/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useDeleteFirmware() {
  return useMutation({
    mutationFn: deleteFirmware,
    meta: feedback({
      success: FIRMWARE_MSG.deleted,
      error: FIRMWARE_MSG.deleteFailed,
      invalidates: [firmwareKeys.all],
    }),
  });
}
