import { RoomsPage } from '~/features/owner/components/rooms/RoomsPage';
import type { Route } from './+types/owner.rooms';

export const meta: Route.MetaFunction = () => [{ title: 'Rooms | Isaac Owner' }];

export default function OwnerRooms() {
  return <RoomsPage />;
}
