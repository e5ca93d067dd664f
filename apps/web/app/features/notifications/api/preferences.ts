import type { NotificationPreferences, NotificationPreferencesBody } from '@isaac/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { NOTIFICATIONS_MSG } from '../model/messages';
import { notificationKeys } from './keys';

const PATH = '/api/notifications/preferences';

export function usePreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences(),
    queryFn: () => apiRequest<NotificationPreferences>(PATH),
  });
}

/** PUT …/preferences → the saved preferences (written to the cache). */
export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferencesBody) =>
      apiRequest<NotificationPreferences>(PATH, { method: 'PUT', body }),
    meta: feedback({ success: NOTIFICATIONS_MSG.saved, error: NOTIFICATIONS_MSG.saveFailed }),
    onSuccess: (saved) => client.setQueryData(notificationKeys.preferences(), saved),
  });
}
