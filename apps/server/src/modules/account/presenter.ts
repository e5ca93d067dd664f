import type { z } from 'zod';
import type { sessionSchema } from '@isaac/contract';
import type { SessionRow } from '../../db/schema/index.ts';

export type AccountSession = z.infer<typeof sessionSchema>;

/** A session as its user sees it in settings; `current` marks the one making the request. */
export function presentSession(row: SessionRow, currentSessionId: string): AccountSession {
  return {
    _id: row.id,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    user_agent: row.userAgent,
    ip: row.ip,
    current: row.id === currentSessionId,
  };
}
