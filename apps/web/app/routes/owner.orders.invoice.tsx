import { InvoicePage } from '~/features/owner/components/orders/InvoicePage';
import type { Route } from './+types/owner.orders.invoice';

export const meta: Route.MetaFunction = () => [{ title: 'Invoice | Isaac Owner' }];

export default function OwnerOrderInvoice({ params }: Route.ComponentProps) {
  return <InvoicePage orderId={params.id} />;
}
