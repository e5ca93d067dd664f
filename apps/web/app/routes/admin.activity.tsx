import { ActivityPage } from '~/features/admin/components/activity/ActivityPage';
import type { Route } from './+types/admin.activity';

export const meta: Route.MetaFunction = () => [{ title: 'Activity | Isaac Admin' }];

export default function AdminActivity() {
  return <ActivityPage />;
}
