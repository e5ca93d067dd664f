import { ElectricianDashboardPage } from '~/features/electrician/components/dashboard/ElectricianDashboardPage';
import type { Route } from './+types/electrician.dashboard';

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard | Isaac Electrician' }];

export default function ElectricianDashboard() {
  return <ElectricianDashboardPage />;
}
