import { AssignedDevicesPage } from '~/features/electrician/components/devices/AssignedDevicesPage';
import type { Route } from './+types/electrician.devices';
import { documentTitle } from '~/lib/i18n';

export const meta: Route.MetaFunction = () => [
  { title: documentTitle('pageNames.assignedDevices', 'electrician') },
];

export default function ElectricianDevices() {
  return <AssignedDevicesPage />;
}
