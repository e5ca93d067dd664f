import { ButtonLink, ComingSoon } from '~/components/ui';
import type { Route } from './+types/admin.electricians';
import { ADMIN_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () => [{ title: 'Electricians | Isaac Admin' }];

export default function AdminElectricians() {
  return (
    <ComingSoon
      title="Electricians"
      description="Electricians with their customers and devices, and assignment of customers and devices."
      action={
        <ButtonLink to={ADMIN_PATHS.dashboard} variant="outline">
          Back to Dashboard
        </ButtonLink>
      }
    />
  );
}
