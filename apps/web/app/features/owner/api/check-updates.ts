import { MSG, type UpdateCheck } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { toast } from '~/lib/toast';
import { apiRequest, errorMessage } from '~/lib/api-client';

/** POST /api/devices/:id/check-updates → {update_available, current_version, latest_version}. */
export function checkForUpdates(id: string): Promise<UpdateCheck> {
  return apiRequest<UpdateCheck>(`/api/devices/${encodeURIComponent(id)}/check-updates`, { method: 'POST' });
}

/** The toast for an update check: 'Device is up to date' or 'Update available: {current} → {latest}'. */
export function updateCheckMessage(result: UpdateCheck): string {
  if (!result.update_available) return MSG.deviceUpToDate;
  return MSG.updateAvailable(result.current_version ?? 'unknown', result.latest_version ?? 'unknown');
}

/** Check for Updates: only reads, so nothing to invalidate. */
export function useCheckForUpdates() {
  return useMutation({
    mutationFn: checkForUpdates,
    onSuccess: (result) => {
      if (result.update_available) toast.info(updateCheckMessage(result), { icon: '⬆️' });
      else toast.success(updateCheckMessage(result));
    },
    onError: (err) => {
      toast.error(errorMessage(err, MSG.updateCheckFailed));
    },
  });
}
