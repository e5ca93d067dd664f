import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { NOTIFICATIONS_MSG } from '../model/messages';
import { notificationKeys } from './keys';

/** POST /api/notifications/:id/read → {unread}. */
export function markNotificationRead(id: string): Promise<{ unread: number }> {
  return apiRequest(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });
}

/** Marks one read (no toast: the dot goes away); the bell refetches. */
export function useMarkRead() {
  return useMutation({
    mutationFn: markNotificationRead,
    meta: feedback({ error: NOTIFICATIONS_MSG.markFailed, invalidates: [notificationKeys.all] }),
  });
}

/** POST /api/notifications/read-all → {unread: 0}. */
export function useMarkAllRead() {
  return useMutation({
    mutationFn: () => apiRequest<{ unread: number }>('/api/notifications/read-all', { method: 'POST' }),
    meta: feedback({
      success: NOTIFICATIONS_MSG.allRead,
      error: NOTIFICATIONS_MSG.markFailed,
      invalidates: [notificationKeys.all],
    }),
  });
}
