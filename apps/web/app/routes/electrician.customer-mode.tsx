import { CustomerModePage } from '~/features/electrician/components/customer-mode/CustomerModePage';
import type { Route } from './+types/electrician.customer-mode';
import { documentTitle } from '~/lib/i18n';

export const meta: Route.MetaFunction = () => [{ title: documentTitle('nav.customerMode', 'electrician') }];

export default function ElectricianCustomerMode() {
  return <CustomerModePage />;
}
