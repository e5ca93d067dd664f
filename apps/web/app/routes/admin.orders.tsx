import { OrdersPage } from '~/features/admin/components/inbox/OrdersPage';
import type { Route } from './+types/admin.orders';

export const meta: Route.MetaFunction = () => [{ title: 'Orders | Isaac Admin' }];

export default function AdminOrders() {
  return <OrdersPage />;
}
