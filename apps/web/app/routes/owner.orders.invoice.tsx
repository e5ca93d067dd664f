import { InvoicePage } from '~/features/owner/components/orders/InvoicePage';
import type { Route } from './+types/owner.orders.invoice';
import { documentTitle } from '~/lib/i18n';

export const meta: Route.MetaFunction = () => [{ title: documentTitle('pageNames.invoice', 'owner') }];

export default function OwnerOrderInvoice({ params }: Route.ComponentProps) {
  return <InvoicePage orderId={params.id} />;
}
