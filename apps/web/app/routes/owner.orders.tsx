import { OrdersPage } from '~/features/owner/components/orders/OrdersPage';
import type { Route } from './+types/owner.orders';
import { documentTitle } from '~/lib/i18n';

export const meta: Route.MetaFunction = () => [{ title: documentTitle('nav.orders', 'owner') }];

export default function OwnerOrders() {
  return <OrdersPage />;
}
