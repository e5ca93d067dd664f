import { DevicesPage } from '~/features/owner';
import type { Route } from './+types/owner.devices';

export const meta: Route.MetaFunction = () => [{ title: 'Devices | Isaac Owner' }];

export default function OwnerDevices() {
  return <DevicesPage />;
}
