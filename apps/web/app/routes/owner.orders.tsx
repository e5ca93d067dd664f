import { OrdersPage } from '~/features/owner/components/orders/OrdersPage';
import type { Route } from './+types/owner.orders';

export const meta: Route.MetaFunction = () => [{ title: 'Orders | Isaac Owner' }];

export default function OwnerOrders() {
  return <OrdersPage />;
}
