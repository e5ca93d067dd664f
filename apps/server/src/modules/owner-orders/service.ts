import type { OwnerOrderList } from '@isaac/contract';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { installationJobs, installations, orders, users } from '../../db/schema/index.ts';
import { jobStateSql } from '../installation-jobs/presenter.ts';
import { presentOwnerOrder } from './presenter.ts';

/** The most orders the owner's list shows (newest first): a household's orders, not a shop's. */
export const OWNER_ORDERS_LIMIT = 100;

/** The signed-in buyer's own orders (issue 15): the orders paid under their account, with their installation. */
export class OwnerOrderService {
  constructor(private readonly db: Db) {}

  /**
   * GET /api/orders: the caller's orders (orders.customer_id, on orders_customer_idx), newest first, each with
   * its installation job (state, date, electrician, completion) in the same query.
   */
  async list(userId: string): Promise<OwnerOrderList> {
    const rows = await this.db
      .select({
        order: orders,
        jobId: installationJobs.id,
        state: jobStateSql,
        date: installationJobs.installationDate,
        electrician: users.name,
        completedAt: installations.completedAt,
      })
      .from(orders)
      .leftJoin(installationJobs, eq(installationJobs.orderId, orders.id))
      .leftJoin(installations, eq(installations.id, installationJobs.installationId))
      .leftJoin(users, eq(users.id, installationJobs.electricianId))
      .where(eq(orders.customerId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(OWNER_ORDERS_LIMIT);
    return {
      orders: rows.map((row) =>
        presentOwnerOrder(
          row.order,
          row.jobId === null
            ? null
            : {
                state: row.state,
                date: row.date,
                electrician: row.electrician,
                completedAt: row.completedAt,
              },
        ),
      ),
    };
  }
}
