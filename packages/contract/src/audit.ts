import { z } from 'zod';
import { sortQueryShape } from './common.ts';
import { MAX_PAGE_SIZE } from './constants.ts';

/**
 * The activity log (issue 10 "Activity"): one append-only record of who did what to which thing,
 * from where. Written by the server in the same transaction as the change it records; read by admins
 * through GET /api/admin/activity (newest first, keyset pagination).
 */

/** Where an action came from. */
export const AUDIT_CHANNELS = ['web', 'api', 'voice', 'device', 'system', 'automation'] as const;
export type AuditChannel = (typeof AUDIT_CHANNELS)[number];

/** What an action was done to. */
export const AUDIT_ENTITY_TYPES = [
  'user',
  'session',
  'device',
  'room',
  'firmware',
  'assignment',
  'installation',
  'order',
  'payment',
  'contact_message',
  'quote',
  'oauth_client',
  'oauth_link',
  'rollout',
  'setting',
  'email',
  /** A home and its members (issue 32). */
  'home',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/**
 * Actions, named `<entity>.<verb>`. The list is the vocabulary of the activity filter; the server
 * refuses to record an action that is not in it (so the filter never misses one).
 */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sign_out',
  'auth.password_changed',
  'session.revoked',
  'session.others_revoked',
  'user.created',
  'user.updated',
  'user.deleted',
  'user.role_changed',
  'user.sessions_ended',
  'user.two_factor_enabled',
  'user.two_factor_disabled',
  'user.two_factor_reset',
  'device.created',
  'device.updated',
  'device.command',
  'device.assigned',
  'device.unassigned',
  'device.configured',
  'device.security_events',
  'device.filter_replaced',
  'room.created',
  'room.updated',
  'room.deleted',
  'firmware.uploaded',
  'firmware.deleted',
  'assignment.customer_assigned',
  'assignment.customer_unassigned',
  'assignment.device_assigned',
  'assignment.device_unassigned',
  'assignment.access_revoked',
  'installation.created',
  'installation.started',
  'installation.phase_changed',
  'installation.completed',
  'installation.updated',
  'installation.reopened',
  'installation.device_tested',
  'order.created',
  'order.cancelled',
  'order.refunded',
  'payment.verified',
  'payment.failed',
  'payment.captured_after_close',
  'payment.late_refunded',
  'user.invited',
  'user.invitation_accepted',
  'installation_job.created',
  'installation_job.assigned',
  'contact_message.handled',
  'quote.created',
  'quote.cancelled',
  'oauth_client.created',
  'oauth_client.updated',
  'oauth_client.deleted',
  'oauth_client.secret_rotated',
  'oauth_link.created',
  'oauth_link.revoked',
  'rollout.started',
  'rollout.paused',
  'rollout.resumed',
  'rollout.halted',
  'rollout.cancelled',
  'rollout.retried',
  'rollout.completed',
  'rollout.device_updated',
  'rollout.device_failed',
  'setting.updated',
  'email.resent',
  'home.member_invited',
  'home.invitation_revoked',
  'home.member_joined',
  'home.member_changed',
  'home.member_removed',
  'home.created',
  'home.changed',
  'home.deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * What each action is called on screen (the activity filter, an entry's heading): one label per action,
 * typed so that an action added to AUDIT_ACTIONS without a label does not compile (issue 30).
 */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.sign_out': 'Signed out',
  'auth.password_changed': 'Password changed',
  'session.revoked': 'Session ended',
  'session.others_revoked': 'Other sessions signed out',
  'user.created': 'User added',
  'user.updated': 'User updated',
  'user.deleted': 'User deleted',
  'user.role_changed': 'Role changed',
  'user.sessions_ended': "User's sessions ended",
  'user.two_factor_enabled': 'Two-factor sign-in turned on',
  'user.two_factor_disabled': 'Two-factor sign-in turned off',
  'user.two_factor_reset': 'Two-factor sign-in reset',
  'device.created': 'Device added',
  'device.updated': 'Device updated',
  'device.command': 'Device command',
  'device.assigned': 'Device assigned to a home',
  'device.unassigned': 'Device removed from a home',
  'device.configured': 'Device configured (WiFi, Bluetooth)',
  'device.security_events': 'Device refused repeatedly at the broker',
  'device.filter_replaced': 'Filter replaced (reported by the purifier)',
  'room.created': 'Room created',
  'room.updated': 'Room updated',
  'room.deleted': 'Room deleted',
  'firmware.uploaded': 'Firmware uploaded',
  'firmware.deleted': 'Firmware deleted',
  'assignment.customer_assigned': 'Customer assigned to an electrician',
  'assignment.customer_unassigned': 'Customer unassigned',
  'assignment.device_assigned': 'Device assigned to an electrician',
  'assignment.device_unassigned': 'Device unassigned from an electrician',
  'assignment.access_revoked': "Electrician's access revoked",
  'installation.created': 'Installation created',
  'installation.started': 'Installation started',
  'installation.phase_changed': 'Installation phase changed',
  'installation.completed': 'Installation completed',
  'installation.reopened': 'Installation reopened (signature cleared)',
  'installation.updated': 'Installation updated',
  'installation.device_tested': 'Device tested',
  'order.created': 'Order placed',
  'order.cancelled': 'Order cancelled',
  'order.refunded': 'Order refunded',
  'payment.verified': 'Payment received',
  'payment.failed': 'Payment failed',
  'payment.captured_after_close': 'Payment captured after close (to refund)',
  'payment.late_refunded': 'Late payment refunded',
  'user.invited': 'Customer invited',
  'user.invitation_accepted': 'Invitation accepted',
  'installation_job.created': 'Installation job opened',
  'installation_job.assigned': 'Installation job scheduled',
  'contact_message.handled': 'Contact message handled',
  'quote.created': 'Quote sent',
  'quote.cancelled': 'Quote cancelled',
  'oauth_client.created': 'Voice-linking client registered',
  'oauth_client.updated': 'Voice-linking client changed',
  'oauth_client.deleted': 'Voice-linking client removed',
  'oauth_client.secret_rotated': 'Voice-linking client secret renewed',
  'oauth_link.created': 'Voice assistant linked',
  'oauth_link.revoked': 'Voice assistant unlinked',
  'rollout.started': 'Rollout started',
  'rollout.paused': 'Rollout paused',
  'rollout.resumed': 'Rollout resumed',
  'rollout.halted': 'Rollout halted',
  'rollout.cancelled': 'Rollout cancelled',
  'rollout.retried': 'Rollout retried',
  'rollout.completed': 'Rollout completed',
  'rollout.device_updated': 'Rollout: device updated',
  'rollout.device_failed': 'Rollout: device failed',
  'setting.updated': 'Setting changed',
  'email.resent': 'E-mail sent again',
  'home.member_invited': 'Invited someone to a home',
  'home.invitation_revoked': 'Cancelled an invitation to a home',
  'home.member_joined': 'Joined a home',
  'home.member_changed': "Changed someone's role in a home",
  'home.member_removed': "Ended someone's access to a home",
  'home.created': 'Created a home',
  'home.changed': 'Changed a home',
  'home.deleted': 'Deleted a home',
};

/** What a recorded field is called on screen ("guided_step" → "guided step"; a few read better renamed). */
export const AUDIT_FIELD_LABELS: Partial<Record<string, string>> = {
  wifi_ssid: 'WiFi network',
  wifi_password: 'WiFi password',
  user_id: 'owner',
  room_id: 'room',
  power_on: 'power',
  signed_by: 'signed by',
  customer_training_completed: 'training done',
  time_zone: 'time zone',
};

/** A changed field: its value before and after (secrets are never recorded, only that they changed). */
export const auditChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  actor: z
    .object({ id: z.string().nullable(), name: z.string().nullable(), role: z.number().int().nullable() })
    .nullable(),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.object({
    type: z.enum(AUDIT_ENTITY_TYPES),
    id: z.string().nullable(),
    name: z.string().nullable(),
  }),
  changes: z.record(z.string(), auditChangeSchema),
  channel: z.enum(AUDIT_CHANNELS),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  request_id: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const isoDateTime = z.iso.datetime({ offset: true, message: 'Use an ISO 8601 date-time' });

/** The activity log sorts by time only: newest first (default) or oldest first. */
export const ACTIVITY_SORTS = ['at'] as const;
/**
 * GET /api/admin/activity query: every filter optional; `cursor` is the `next_cursor` of the page before (of
 * the same order).
 */
export const activityQuerySchema = z
  .object({
    ...sortQueryShape(ACTIVITY_SORTS, 'at', 'desc'),
    actor_id: z.string().min(1).max(64).optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    entity_type: z.enum(AUDIT_ENTITY_TYPES).optional(),
    entity_id: z.string().min(1).max(64).optional(),
    channel: z.enum(AUDIT_CHANNELS).optional(),
    from: isoDateTime.optional(),
    to: isoDateTime.optional(),
    cursor: z.string().min(1).max(200).optional(),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  })
  .refine((q) => q.from === undefined || q.to === undefined || Date.parse(q.from) <= Date.parse(q.to), {
    message: "'from' must not be after 'to'",
    path: ['from'],
  });
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

/** A page of the activity log, newest first; `next_cursor` is null on the last page. */
export const activityPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  next_cursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;
