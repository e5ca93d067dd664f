import { QuotesPage } from '~/features/admin/components/quotes/QuotesPage';
import type { Route } from './+types/admin.quotes';

export const meta: Route.MetaFunction = () => [{ title: 'Quotes | Isaac Admin' }];

export default function AdminQuotes() {
  return <QuotesPage />;
}
