import { FirmwarePage } from '~/features/admin/components/firmware/FirmwarePage';
import type { Route } from './+types/admin.devices.firmware';

export const meta: Route.MetaFunction = () => [{ title: 'Firmware | Isaac Admin' }];

/** Under Devices (the spec's admin menu has no Firmware entry): the menu's Devices item stays active. */
export default function AdminFirmware() {
  return <FirmwarePage />;
}
