import { RoomsPage } from '~/features/owner/components/rooms/RoomsPage';
import type { Route } from './+types/owner.rooms';
import { documentTitle } from '~/lib/i18n';

export const meta: Route.MetaFunction = () => [{ title: documentTitle('nav.rooms', 'owner') }];

export default function OwnerRooms() {
  return <RoomsPage />;
}
