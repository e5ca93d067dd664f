import { ComingSoon } from '~/components/ui';
import type { Route } from './+types/admin.dashboard';

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard | Isaac Admin' }];

export default function AdminDashboard() {
  return (
    <ComingSoon
      title="Dashboard"
      description="Total users, total devices, active sessions and the system health score will appear here."
    />
  );
}
