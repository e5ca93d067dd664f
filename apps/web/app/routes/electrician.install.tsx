import { ButtonLink, ComingSoon } from '~/components/ui';
import type { Route } from './+types/electrician.install';

export const meta: Route.MetaFunction = () => [{ title: 'Install | Isaac Electrician' }];

export default function ElectricianInstall() {
  return (
    <ComingSoon
      title="Install"
      description="Guided installation of a new home."
      action={
        <ButtonLink to="/electrician/dashboard" variant="outline">
          Back to Dashboard
        </ButtonLink>
      }
    />
  );
}
