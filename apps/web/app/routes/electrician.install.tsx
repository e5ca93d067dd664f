import { ButtonLink, ComingSoon } from '~/components/ui';
import type { Route } from './+types/electrician.install';
import { ELECTRICIAN_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () => [{ title: 'Install | Isaac Electrician' }];

export default function ElectricianInstall() {
  return (
    <ComingSoon
      title="Install"
      description="Guided installation of a new home."
      action={
        <ButtonLink to={ELECTRICIAN_PATHS.dashboard} variant="outline">
          Back to Dashboard
        </ButtonLink>
      }
    />
  );
}
