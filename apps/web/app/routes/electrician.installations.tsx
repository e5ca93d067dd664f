import { InstallationsPage } from '~/features/electrician/components/installations/InstallationsPage';
import type { Route } from './+types/electrician.installations';
import { documentTitle } from '~/lib/i18n';

export const meta: Route.MetaFunction = () => [{ title: documentTitle('nav.installations', 'electrician') }];

export default function ElectricianInstallations() {
  return <InstallationsPage />;
}
