import { DevicesPage } from '~/features/owner/components/devices/DevicesPage';
import type { Route } from './+types/owner.devices';
import { documentTitle } from '~/lib/i18n';

export const meta: Route.MetaFunction = () => [{ title: documentTitle('nav.devices', 'owner') }];

export default function OwnerDevices() {
  return <DevicesPage />;
}
