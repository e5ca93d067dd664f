import { AdminDevicesPage } from '~/features/admin/components/devices/AdminDevicesPage';
import type { Route } from './+types/admin.devices';

export const meta: Route.MetaFunction = () => [{ title: 'Devices | Isaac Admin' }];

export default function AdminDevices() {
  return <AdminDevicesPage />;
}
