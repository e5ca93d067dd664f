import type { PushSubscriptionBody } from '@isaac/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { NOTIFICATIONS_MSG } from '../model/messages';
import { currentSubscription, subscribeThisBrowser, unsubscribeThisBrowser } from '../model/push';
import { notificationKeys } from './keys';

/** GET …/push-key: the server's VAPID public key (null: push is not set up on this server). */
export function usePushKey() {
  return useQuery({
    queryKey: notificationKeys.pushKey(),
    queryFn: () => apiRequest<{ public_key: string | null }>('/api/notifications/push-key'),
    staleTime: Infinity,
  });
}

/** Whether this browser is subscribed (its push manager, not the server). */
export function useThisBrowserSubscribed() {
  return useQuery({
    queryKey: notificationKeys.thisBrowser(),
    queryFn: async () => (await currentSubscription()) !== null,
  });
}

/** Asks the browser (after the person's click) and sends its subscription to the server. */
export function useTurnOnPush() {
  return useMutation({
    mutationFn: async (publicKey: string) => {
      const subscription: PushSubscriptionBody = await subscribeThisBrowser(publicKey);
      await apiRequest('/api/notifications/push-subscriptions', { method: 'POST', body: subscription });
    },
    meta: feedback({
      success: NOTIFICATIONS_MSG.pushOn,
      error: NOTIFICATIONS_MSG.pushFailed,
      invalidates: [notificationKeys.thisBrowser()],
    }),
  });
}

export function useTurnOffPush() {
  return useMutation({
    mutationFn: async () => {
      const endpoint = await unsubscribeThisBrowser();
      if (endpoint) {
        await apiRequest('/api/notifications/push-subscriptions', { method: 'DELETE', body: { endpoint } });
      }
    },
    meta: feedback({
      success: NOTIFICATIONS_MSG.pushOff,
      error: NOTIFICATIONS_MSG.pushFailed,
      invalidates: [notificationKeys.thisBrowser()],
    }),
  });
}
