import { OutboxPage } from '~/features/admin/components/outbox/OutboxPage';
import type { Route } from './+types/admin.outbox';

export const meta: Route.MetaFunction = () => [{ title: 'Outbox | Isaac Admin' }];

export default function AdminOutbox() {
  return <OutboxPage />;
}
