import { DevicesPage } from '~/features/owner/components/devices/DevicesPage';
import type { Route } from './+types/owner.devices';

export const meta: Route.MetaFunction = () => [{ title: 'Devices | Isaac Owner' }];

export default function OwnerDevices() {
  return <DevicesPage />;
}
