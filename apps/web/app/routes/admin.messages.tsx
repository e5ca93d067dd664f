import { MessagesPage } from '~/features/admin/components/inbox/MessagesPage';
import type { Route } from './+types/admin.messages';

export const meta: Route.MetaFunction = () => [{ title: 'Messages | Isaac Admin' }];

export default function AdminMessages() {
  return <MessagesPage />;
}
