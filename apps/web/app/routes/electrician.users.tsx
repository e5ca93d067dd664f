import { ButtonLink, ComingSoon } from '~/components/ui';
import type { Route } from './+types/electrician.users';
import { ELECTRICIAN_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () => [{ title: 'Users | Isaac Electrician' }];

export default function ElectricianUsers() {
  return (
    <ComingSoon
      title="Users"
      description="Your assigned customers and today's installations."
      action={
        <ButtonLink to={ELECTRICIAN_PATHS.dashboard} variant="outline">
          Back to Dashboard
        </ButtonLink>
      }
    />
  );
}
