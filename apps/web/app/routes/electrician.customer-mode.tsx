import { ButtonLink, ComingSoon } from '~/components/ui';
import type { Route } from './+types/electrician.customer-mode';

export const meta: Route.MetaFunction = () => [{ title: 'Customer Mode | Isaac Electrician' }];

export default function ElectricianCustomerMode() {
  return (
    <ComingSoon
      title="Customer Mode"
      description="A customer's contact details, rooms and devices, set up on site."
      action={
        <ButtonLink to="/electrician/dashboard" variant="outline">
          Back to Dashboard
        </ButtonLink>
      }
    />
  );
}
