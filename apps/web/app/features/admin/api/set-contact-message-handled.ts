import { type ContactMessage, ADMIN_MSG } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { inboxKeys } from './inbox-keys';

export interface MessageHandled {
  id: string;
  handled: boolean;
}

/** POST /api/admin/contact-messages/:id/handled {handled} → {contact_message}. */
export async function setContactMessageHandled({ id, handled }: MessageHandled): Promise<ContactMessage> {
  const result = await apiRequest<{ contact_message: ContactMessage }>(
    `/api/admin/contact-messages/${encodeURIComponent(id)}/handled`,
    { method: 'POST', body: { handled } },
  );
  return result.contact_message;
}

export function useSetContactMessageHandled() {
  return useMutation({
    mutationFn: setContactMessageHandled,
    meta: feedback<ContactMessage, MessageHandled>({
      success: (message) => (message.handled_at ? ADMIN_MSG.messageHandled : ADMIN_MSG.messageReopened),
      error: ADMIN_MSG.messageHandledFailed,
      invalidates: [inboxKeys.messages()],
    }),
  });
}
