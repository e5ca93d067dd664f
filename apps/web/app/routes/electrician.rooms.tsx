import { ElectricianRoomsPage } from '~/features/electrician/components/rooms/ElectricianRoomsPage';
import type { Route } from './+types/electrician.rooms';
import { documentTitle } from '~/lib/i18n';

export const meta: Route.MetaFunction = () => [{ title: documentTitle('nav.rooms', 'electrician') }];

export default function ElectricianRooms() {
  return <ElectricianRoomsPage />;
}
