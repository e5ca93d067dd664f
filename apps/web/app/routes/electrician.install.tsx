import { GuidedInstallPage } from '~/features/electrician/components/install/GuidedInstallPage';
import type { Route } from './+types/electrician.install';

export const meta: Route.MetaFunction = () => [{ title: 'Install | Isaac Electrician' }];

export default function ElectricianInstall() {
  return <GuidedInstallPage />;
}
