import { ElectricianRoomsPage } from '~/features/electrician/components/rooms/ElectricianRoomsPage';
import type { Route } from './+types/electrician.rooms';

export const meta: Route.MetaFunction = () => [{ title: 'Rooms | Isaac Electrician' }];

export default function ElectricianRooms() {
  return <ElectricianRoomsPage />;
}
