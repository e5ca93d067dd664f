import { FIRMWARE_MSG } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { firmwareKeys } from './firmware-keys';

/** DELETE /api/admin/firmware/:id → {message}; 409 while a device reports that version as installed. */
export function deleteFirmware(id: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(`/api/admin/firmware/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useDeleteFirmware() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteFirmware,
    onSuccess: () => {
      toast.success(FIRMWARE_MSG.deleted);
    },
    onError: (err) => {
      toast.error(errorMessage(err, FIRMWARE_MSG.deleteFailed));
    },
    onSettled: () => client.invalidateQueries({ queryKey: firmwareKeys.all }),
  });
}
