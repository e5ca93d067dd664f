import { businessDate } from '@isaac/contract';
import { count, like } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { installations } from '../../db/schema/index.ts';

/**
 * An installation's reference ("session id"), given when its work starts, whichever path started it
 * (the guided install, Start on Assigned Customers, the workflow): `INST-YYYYMMDD-NNN`, the business day
 * and that day's running number from 101, as the demo data has them (issue 30).
 */
export async function installationReference(db: Db | Tx, at: Date): Promise<string> {
  const prefix = `INST-${businessDate(at).replace(/-/g, '')}-`;
  const [row] = await db
    .select({ n: count() })
    .from(installations)
    .where(like(installations.sessionId, `${prefix}%`));
  return `${prefix}${String(101 + (row?.n ?? 0))}`;
}
