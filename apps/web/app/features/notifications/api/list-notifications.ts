import type { NotificationList } from '@isaac/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { notificationKeys } from './keys';

/** GET /api/notifications?page&page_size&unread → a page with the unread count. */
export function listNotifications(page: number, unread: boolean): Promise<NotificationList> {
  const query = new URLSearchParams({ page: String(page), page_size: '10' });
  if (unread) query.set('unread', 'true');
  return apiRequest<NotificationList>(`/api/notifications?${query}`);
}

/** The bell's list (only while its panel is open). */
export function useNotifications(page: number, unread: boolean, enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.list(page, unread),
    queryFn: () => listNotifications(page, unread),
    placeholderData: keepPreviousData,
    enabled,
    ...DASHBOARD_QUERY_OPTIONS,
  });
}

/** GET /api/notifications/unread-count: the bell's badge, refreshed with the dashboards (30 s). */
export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: () => apiRequest<{ unread: number }>('/api/notifications/unread-count'),
    ...DASHBOARD_QUERY_OPTIONS,
  });
}
