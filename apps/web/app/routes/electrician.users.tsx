import { CustomersPage } from '~/features/electrician/components/customers/CustomersPage';
import type { Route } from './+types/electrician.users';
import { documentTitle } from '~/lib/i18n';

export const meta: Route.MetaFunction = () => [
  { title: documentTitle('pageNames.assignedCustomers', 'electrician') },
];

export default function ElectricianUsers() {
  return <CustomersPage />;
}
