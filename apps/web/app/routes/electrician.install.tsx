import { GuidedInstallPage } from '~/features/electrician/components/install/GuidedInstallPage';
import type { Route } from './+types/electrician.install';
import { documentTitle } from '~/lib/i18n';

export const meta: Route.MetaFunction = () => [{ title: documentTitle('nav.install', 'electrician') }];

export default function ElectricianInstall() {
  return <GuidedInstallPage />;
}
