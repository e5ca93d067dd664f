import { ButtonLink, ComingSoon } from '~/components/ui';
import type { Route } from './+types/electrician.rooms';
import { ELECTRICIAN_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () => [{ title: 'Rooms | Isaac Electrician' }];

export default function ElectricianRooms() {
  return (
    <ComingSoon
      title="Rooms"
      description="Rooms of the homes you look after."
      action={
        <ButtonLink to={ELECTRICIAN_PATHS.dashboard} variant="outline">
          Back to Dashboard
        </ButtonLink>
      }
    />
  );
}
