import { ButtonLink, ComingSoon } from '~/components/ui';
import type { Route } from './+types/admin.reports';

export const meta: Route.MetaFunction = () => [{ title: 'Reports | Isaac Admin' }];

export default function AdminReports() {
  return (
    <ComingSoon
      title="Reports"
      description="Reports on users, devices and installations."
      action={
        <ButtonLink to="/admin/dashboard" variant="outline">
          Back to Dashboard
        </ButtonLink>
      }
    />
  );
}
