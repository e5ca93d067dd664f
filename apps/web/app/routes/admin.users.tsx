import { UsersPage } from '~/features/admin/components/users/UsersPage';
import type { Route } from './+types/admin.users';

export const meta: Route.MetaFunction = () => [{ title: 'Users | Isaac Admin' }];

export default function AdminUsers() {
  return <UsersPage />;
}
