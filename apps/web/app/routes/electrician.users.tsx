import { CustomersPage } from '~/features/electrician/components/customers/CustomersPage';
import type { Route } from './+types/electrician.users';

export const meta: Route.MetaFunction = () => [{ title: 'Assigned Customers | Isaac Electrician' }];

export default function ElectricianUsers() {
  return <CustomersPage />;
}
