import { ButtonLink, ComingSoon } from '~/components/ui';
import type { Route } from './+types/electrician.rooms';

export const meta: Route.MetaFunction = () => [{ title: 'Rooms | Isaac Electrician' }];

export default function ElectricianRooms() {
  return (
    <ComingSoon
      title="Rooms"
      description="Rooms of the homes you look after."
      action={
        <ButtonLink to="/electrician/dashboard" variant="outline">
          Back to Dashboard
        </ButtonLink>
      }
    />
  );
}
