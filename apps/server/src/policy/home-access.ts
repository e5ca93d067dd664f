import type { AccountElectrician } from '@isaac/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { installations } from '../db/schema/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An electrician's access to an assigned customer's home: full, or read-only from `readOnlyFrom`. */
export interface HomeAccess {
  access: AccountElectrician['access'];
  /** When the home becomes (or became) read-only for them; null while no completed installation counts. */
  readOnlyFrom: Date | null;
}

/**
 * THE rule of an electrician in a customer's home (issue 11, ADR 033): they reach it through their assignment;
 * once their latest installation there has been completed for `graceDays` and none is under way, the home is
 * read-only for them (reads still work). An installation under way again (a later visit) makes it writable.
 */
export function homeAccessAt(
  installs: { latestCompletedAt: Date | null; underWay: number },
  graceDays: number,
  now: Date,
): HomeAccess {
  if (installs.latestCompletedAt === null || installs.underWay > 0)
    return { access: 'full', readOnlyFrom: null };
  const readOnlyFrom = new Date(installs.latestCompletedAt.getTime() + graceDays * DAY_MS);
  return { access: readOnlyFrom <= now ? 'read_only' : 'full', readOnlyFrom };
}

/** `homeAccessAt` for one electrician and customer, from their installations (two indexed reads). */
export async function electricianHomeAccess(
  db: Db | Tx,
  electricianId: string,
  customerId: string,
  graceDays: number,
  now: Date,
): Promise<HomeAccess> {
  const theirs = and(
    eq(installations.electricianId, electricianId),
    eq(installations.customerId, customerId),
  );
  const [completed] = await db
    .select({
      at: sql<Date | null>`max(${installations.completedAt})`.mapWith(installations.completedAt),
    })
    .from(installations)
    .where(and(theirs, eq(installations.status, 'completed')));
  const [open] = await db
    .select({ n: count() })
    .from(installations)
    .where(and(theirs, sql`${installations.status} <> 'completed'`));
  return homeAccessAt({ latestCompletedAt: completed?.at ?? null, underWay: open?.n ?? 0 }, graceDays, now);
}
