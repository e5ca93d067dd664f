import { ButtonLink, ComingSoon } from '~/components/ui';
import type { Route } from './+types/admin.settings';
import { ADMIN_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () => [{ title: 'Settings | Isaac Admin' }];

export default function AdminSettings() {
  return (
    <ComingSoon
      title="Settings"
      description="Platform settings."
      action={
        <ButtonLink to={ADMIN_PATHS.dashboard} variant="outline">
          Back to Dashboard
        </ButtonLink>
      }
    />
  );
}
