import { AUDIT_ACTIONS, AUDIT_CHANNELS, AUDIT_ENTITY_TYPES, type AuditChange } from '@isaac/contract';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './columns.ts';

/**
 * The activity log (issue 10): append-only (a trigger in the migration refuses UPDATE and DELETE), one
 * row per recorded action, written in the same transaction as the change it records (`AuditLog`).
 * The actor is copied (id, name, role at the time) rather than referenced, so the record outlives a
 * deleted user. `changes` holds the changed fields' before/after; secrets are recorded only as changed.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: timestamptz('at').notNull().defaultNow(),
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    actorRole: integer('actor_role'),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    entityType: text('entity_type', { enum: AUDIT_ENTITY_TYPES }).notNull(),
    entityId: text('entity_id'),
    entityName: text('entity_name'),
    changes: jsonb('changes').$type<Record<string, AuditChange>>().notNull().default({}),
    channel: text('channel', { enum: AUDIT_CHANNELS }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
  },
  (t) => [
    // The feed (newest first) and each filter are index range scans, keyset-paginated on (at, id).
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.at.desc(), t.id.desc()),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.at.desc(), t.id.desc()),
    index('audit_log_action_idx').on(t.action, t.at.desc(), t.id.desc()),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
export type NewAuditLogRow = typeof auditLog.$inferInsert;
