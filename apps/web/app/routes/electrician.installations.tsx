import { InstallationsPage } from '~/features/electrician/components/installations/InstallationsPage';
import type { Route } from './+types/electrician.installations';

export const meta: Route.MetaFunction = () => [{ title: 'Installations | Isaac Electrician' }];

export default function ElectricianInstallations() {
  return <InstallationsPage />;
}
