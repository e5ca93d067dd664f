import { ButtonLink, ComingSoon } from '~/components/ui';
import type { Route } from './+types/admin.activity';
import { ADMIN_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () => [{ title: 'Activity | Isaac Admin' }];

export default function AdminActivity() {
  return (
    <ComingSoon
      title="Activity"
      description="A log of recent activity across the platform."
      action={
        <ButtonLink to={ADMIN_PATHS.dashboard} variant="outline">
          Back to Dashboard
        </ButtonLink>
      }
    />
  );
}
