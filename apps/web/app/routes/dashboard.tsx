import { Navigate } from 'react-router';
import { FullPageSpinner } from '~/components/ui';
import { useAuth } from '~/lib/auth';
import { dashboardHome } from '~/lib/route-guard';

/** /dashboard sends each role to its own dashboard; any other role goes to the electrician dashboard. */
export default function DashboardRedirect() {
  const { user } = useAuth();
  if (!user) return <FullPageSpinner />;
  return <Navigate to={dashboardHome(user.role)} replace />;
}
