import common from '~/lib/i18n/en/common';

/**
 * The notification centre's English texts: the catalogue's (lib/i18n/en/common.ts `notifications`, ADR 073),
 * for toasts declared in mutations and for tests; screens show them through `t('notifications.…')`.
 */
export const NOTIFICATIONS_MSG = common.notifications;
