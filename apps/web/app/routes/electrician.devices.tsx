import { ButtonLink, ComingSoon } from '~/components/ui';
import type { Route } from './+types/electrician.devices';
import { ELECTRICIAN_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () => [{ title: 'Devices | Isaac Electrician' }];

export default function ElectricianDevices() {
  return (
    <ComingSoon
      title="Devices"
      description="Your assigned devices, with WiFi and Bluetooth configuration."
      action={
        <ButtonLink to={ELECTRICIAN_PATHS.dashboard} variant="outline">
          Back to Dashboard
        </ButtonLink>
      }
    />
  );
}
