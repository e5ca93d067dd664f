import { OwnerDashboardPage } from '~/features/owner';
import type { Route } from './+types/owner.dashboard';

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard | Isaac Owner' }];

export default function OwnerDashboard() {
  return <OwnerDashboardPage />;
}
