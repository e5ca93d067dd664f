import { ButtonLink, ComingSoon } from '~/components/ui';
import type { Route } from './+types/electrician.installations';
import { ELECTRICIAN_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () => [{ title: 'Installations | Isaac Electrician' }];

export default function ElectricianInstallations() {
  return (
    <ComingSoon
      title="Installations"
      description="Your installations by status, with completion notes."
      action={
        <ButtonLink to={ELECTRICIAN_PATHS.dashboard} variant="outline">
          Back to Dashboard
        </ButtonLink>
      }
    />
  );
}
