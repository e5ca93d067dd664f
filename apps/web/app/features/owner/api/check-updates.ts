import { MSG, type UpdateCheck } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback, type SuccessToast } from '~/lib/mutation-feedback';
import { i18n } from '~/lib/i18n';
import '~/lib/i18n/owner-texts';

/** POST /api/devices/:id/check-updates → {update_available, current_version, latest_version}. */
export function checkForUpdates(id: string): Promise<UpdateCheck> {
  return apiRequest<UpdateCheck>(`/api/devices/${encodeURIComponent(id)}/check-updates`, { method: 'POST' });
}

/** The toast for an update check: 'Device is up to date' or 'Update available: {current} → {latest}'. */
export function updateCheckMessage(result: UpdateCheck): string {
  if (!result.update_available) return MSG.deviceUpToDate;
  return MSG.updateAvailable(result.current_version ?? 'unknown', result.latest_version ?? 'unknown');
}

/** Up to date: a success toast; an update: a plain toast with an arrow. */
function updateCheckToast(result: UpdateCheck): SuccessToast {
  const message = result.update_available
    ? i18n.t('owner:toasts.updateAvailable', {
        current: result.current_version ?? 'unknown',
        latest: result.latest_version ?? 'unknown',
      })
    : updateCheckMessage(result);
  return result.update_available ? { message, icon: '⬆️' } : message;
}

/** Check for Updates: only reads, so nothing to invalidate. */
export function useCheckForUpdates() {
  return useMutation({
    mutationFn: checkForUpdates,
    meta: feedback<UpdateCheck>({ success: updateCheckToast, error: MSG.updateCheckFailed }),
  });
}
