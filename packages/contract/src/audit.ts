import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants.ts';

/**
 * The activity log (issue 10 "Activity"): one append-only record of who did what to which thing,
 * from where. Written by the server in the same transaction as the change it records; read by admins
 * through GET /api/admin/activity (newest first, keyset pagination).
 */

/** Where an action came from. */
export const AUDIT_CHANNELS = ['web', 'api', 'voice', 'device', 'system'] as const;
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
  'order.created',
  'order.cancelled',
  'order.refunded',
  'payment.verified',
  'payment.failed',
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
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

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

/** GET /api/admin/activity query: every filter optional; `cursor` is the `next_cursor` of the page before. */
export const activityQuerySchema = z
  .object({
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
