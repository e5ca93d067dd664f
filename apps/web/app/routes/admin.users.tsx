import { ButtonLink, ComingSoon } from '~/components/ui';
import type { Route } from './+types/admin.users';
import { ADMIN_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () => [{ title: 'Users | Isaac Admin' }];

export default function AdminUsers() {
  return (
    <ComingSoon
      title="Users"
      description="Search, filter, add, edit and delete user accounts."
      action={
        <ButtonLink to={ADMIN_PATHS.dashboard} variant="outline">
          Back to Dashboard
        </ButtonLink>
      }
    />
  );
}
