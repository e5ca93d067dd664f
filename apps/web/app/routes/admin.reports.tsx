import { ReportsPage } from '~/features/admin/components/reports/ReportsPage';
import type { Route } from './+types/admin.reports';

export const meta: Route.MetaFunction = () => [{ title: 'Reports | Isaac Admin' }];

/** The charts library (uPlot) loads with this route's first chart, never on /login or the storefront. */
export default function AdminReports() {
  return <ReportsPage />;
}
