import { ElectricianDashboardPage } from '~/features/electrician/components/dashboard/ElectricianDashboardPage';
import type { Route } from './+types/electrician.dashboard';
import { documentTitle } from '~/lib/i18n';

export const meta: Route.MetaFunction = () => [{ title: documentTitle('nav.dashboard', 'electrician') }];

export default function ElectricianDashboard() {
  return <ElectricianDashboardPage />;
}
