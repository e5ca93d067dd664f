import type { OwnerOrderList, OwnerOrderListQuery } from '@isaac/contract';
import { eq, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listPage, pageTotal, pageWindow, sortedBy, totalCount } from '../../db/pagination.ts';
import { installationJobs, installations, orders, users } from '../../db/schema/index.ts';
import { jobStateSql } from '../installation-jobs/presenter.ts';
import { presentOwnerOrder } from './presenter.ts';

/** The column of each sort of the owner's order list. */
const OWNER_ORDER_SORT_COLUMNS: Record<OwnerOrderListQuery['sort'], AnyColumn | SQL> = {
  created_at: orders.createdAt,
  amount: orders.amountPaise,
  status: orders.status,
};

/** The signed-in buyer's own orders (issue 15): the orders paid under their account, with their installation. */
export class OwnerOrderService {
  constructor(private readonly db: Db) {}

  /**
   * GET /api/orders: a page of the caller's orders (orders.customer_id, on orders_customer_idx) in the query's
   * order (newest first by default) with the total, each with its installation job (state, date,
   * electrician, completion) in the same query.
   */
  async list(userId: string, query: OwnerOrderListQuery): Promise<OwnerOrderList> {
    const mine = eq(orders.customerId, userId);
    const { limit, offset } = pageWindow(query);
    const rows = await this.db
      .select({
        order: orders,
        jobId: installationJobs.id,
        state: jobStateSql,
        date: installationJobs.installationDate,
        electrician: users.name,
        completedAt: installations.completedAt,
        total: totalCount(),
      })
      .from(orders)
      .leftJoin(installationJobs, eq(installationJobs.orderId, orders.id))
      .leftJoin(installations, eq(installations.id, installationJobs.installationId))
      .leftJoin(users, eq(users.id, installationJobs.electricianId))
      .where(mine)
      .orderBy(...sortedBy(OWNER_ORDER_SORT_COLUMNS, query, orders.id))
      .limit(limit)
      .offset(offset);
    const total = await pageTotal(rows, query, () => this.db.$count(orders, mine));
    const items = rows.map((row) =>
      presentOwnerOrder(
        row.order,
        row.jobId === null
          ? null
          : { state: row.state, date: row.date, electrician: row.electrician, completedAt: row.completedAt },
      ),
    );
    return listPage('orders', items, query, total);
  }
}
