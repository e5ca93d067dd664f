import { RolloutsPage } from '~/features/admin/components/rollouts/RolloutsPage';
import type { Route } from './+types/admin.devices.rollouts';

export const meta: Route.MetaFunction = () => [{ title: 'Firmware rollouts | Isaac Admin' }];

/** Under Devices, beside Firmware (issue 14): the menu's Devices item stays active. */
export default function AdminRollouts() {
  return <RolloutsPage />;
}
