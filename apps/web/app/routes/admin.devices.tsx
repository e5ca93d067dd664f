import { ButtonLink, ComingSoon } from '~/components/ui';
import type { Route } from './+types/admin.devices';
import { ADMIN_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () => [{ title: 'Devices | Isaac Admin' }];

export default function AdminDevices() {
  return (
    <ComingSoon
      title="Devices"
      description="Every device with its status, and firmware uploads per device."
      action={
        <div className="flex flex-wrap justify-center gap-3">
          <ButtonLink to={ADMIN_PATHS.firmware}>Firmware</ButtonLink>
          <ButtonLink to={ADMIN_PATHS.dashboard} variant="outline">
            Back to Dashboard
          </ButtonLink>
        </div>
      }
    />
  );
}
