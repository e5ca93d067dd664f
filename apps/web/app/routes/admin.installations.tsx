import { InstallationsPage } from '~/features/admin/components/installations/InstallationsPage';
import type { Route } from './+types/admin.installations';

export const meta: Route.MetaFunction = () => [{ title: 'Installations | Isaac Admin' }];

export default function AdminInstallations() {
  return <InstallationsPage />;
}
