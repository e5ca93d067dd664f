import { ButtonLink, ComingSoon } from '~/components/ui';
import type { Route } from './+types/admin.users';

export const meta: Route.MetaFunction = () => [{ title: 'Users | Isaac Admin' }];

export default function AdminUsers() {
  return (
    <ComingSoon
      title="Users"
      description="Search, filter, add, edit and delete user accounts."
      action={
        <ButtonLink to="/admin/dashboard" variant="outline">
          Back to Dashboard
        </ButtonLink>
      }
    />
  );
}
