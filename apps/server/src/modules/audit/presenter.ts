import type { AuditEntry } from '@isaac/contract';
import type { AuditLogRow } from '../../db/schema/index.ts';

/** An activity-log row as the API presents it (contract `auditEntrySchema`). */
export function presentAuditEntry(row: AuditLogRow): AuditEntry {
  return {
    _id: row.id,
    at: row.at.toISOString(),
    actor: row.actorId === null ? null : { id: row.actorId, name: row.actorName, role: row.actorRole },
    action: row.action,
    entity: { type: row.entityType, id: row.entityId, name: row.entityName },
    changes: row.changes,
    channel: row.channel,
    ip: row.ip,
    user_agent: row.userAgent,
    request_id: row.requestId,
  };
}
