import { z } from 'zod';
import { sortQueryShape } from './common.ts';
import { MAX_PAGE_SIZE } from './constants.ts';
import { AUDIT_CHANNELS, AUDIT_ENTITY_TYPES, AUDIT_ACTIONS } from './audit-rules.ts';

/**
 * The activity log (issue 10 "Activity"): one append-only record of who did what to which thing,
 * from where. Written by the server in the same transaction as the change it records; read by admins
 * through GET /api/admin/activity (newest first, keyset pagination).
 */

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
