import { ButtonLink, ComingSoon } from '~/components/ui';
import type { Route } from './+types/admin.settings';

export const meta: Route.MetaFunction = () => [{ title: 'Settings | Isaac Admin' }];

export default function AdminSettings() {
  return (
    <ComingSoon
      title="Settings"
      description="Platform settings."
      action={
        <ButtonLink to="/admin/dashboard" variant="outline">
          Back to Dashboard
        </ButtonLink>
      }
    />
  );
}
