import { ElectriciansPage } from '~/features/admin/components/electricians/ElectriciansPage';
import type { Route } from './+types/admin.electricians';

export const meta: Route.MetaFunction = () => [{ title: 'Electricians | Isaac Admin' }];

export default function AdminElectricians() {
  return <ElectriciansPage />;
}
