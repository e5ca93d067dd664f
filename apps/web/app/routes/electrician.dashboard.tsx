import { ComingSoon } from '~/components/ui';
import type { Route } from './+types/electrician.dashboard';

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard | Isaac Electrician' }];

export default function ElectricianDashboard() {
  return (
    <ComingSoon
      title="Dashboard"
      description="Your devices, assigned customers, installations and active sessions at a glance."
    />
  );
}
