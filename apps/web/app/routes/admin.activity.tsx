import { ButtonLink, ComingSoon } from '~/components/ui';
import type { Route } from './+types/admin.activity';

export const meta: Route.MetaFunction = () => [{ title: 'Activity | Isaac Admin' }];

export default function AdminActivity() {
  return (
    <ComingSoon
      title="Activity"
      description="A log of recent activity across the platform."
      action={
        <ButtonLink to="/admin/dashboard" variant="outline">
          Back to Dashboard
        </ButtonLink>
      }
    />
  );
}
