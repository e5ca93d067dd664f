import { CustomerModePage } from '~/features/electrician/components/customer-mode/CustomerModePage';
import type { Route } from './+types/electrician.customer-mode';

export const meta: Route.MetaFunction = () => [{ title: 'Customer Mode | Isaac Electrician' }];

export default function ElectricianCustomerMode() {
  return <CustomerModePage />;
}
