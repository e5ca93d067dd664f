import { ButtonLink, ComingSoon } from '~/components/ui';
import type { Route } from './+types/electrician.customer-mode';
import { ELECTRICIAN_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () => [{ title: 'Customer Mode | Isaac Electrician' }];

export default function ElectricianCustomerMode() {
  return (
    <ComingSoon
      title="Customer Mode"
      description="A customer's contact details, rooms and devices, set up on site."
      action={
        <ButtonLink to={ELECTRICIAN_PATHS.dashboard} variant="outline">
          Back to Dashboard
        </ButtonLink>
      }
    />
  );
}
