import { ButtonLink, ComingSoon } from '~/components/ui';
import type { Route } from './+types/admin.reports';
import { ADMIN_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () => [{ title: 'Reports | Isaac Admin' }];

export default function AdminReports() {
  return (
    <ComingSoon
      title="Reports"
      description="Reports on users, devices and installations."
      action={
        <ButtonLink to={ADMIN_PATHS.dashboard} variant="outline">
          Back to Dashboard
        </ButtonLink>
      }
    />
  );
}
