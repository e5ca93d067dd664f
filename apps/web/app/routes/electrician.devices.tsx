import { AssignedDevicesPage } from '~/features/electrician/components/devices/AssignedDevicesPage';
import type { Route } from './+types/electrician.devices';

export const meta: Route.MetaFunction = () => [{ title: 'Assigned Devices | Isaac Electrician' }];

export default function ElectricianDevices() {
  return <AssignedDevicesPage />;
}
