import { ROLE } from '@isaac/contract';
import { HardHat } from 'lucide-react';
import { AccountSettings, SettingsSection } from '~/features/account/components/AccountSettings';
import { ElectricianAccess } from '~/features/owner/components/settings/ElectricianAccess';
import { useAuth } from '~/lib/auth';
import type { Route } from './+types/owner.settings';

export const meta: Route.MetaFunction = () => [{ title: 'Settings | Isaac Owner' }];

/** The owner's account, and (for owners) the electricians who may work in their home, with Revoke. */
export default function OwnerSettings() {
  const { user } = useAuth();
  return (
    <AccountSettings>
      {user?.role === ROLE.owner ? (
        <SettingsSection
          id="settings-electricians"
          icon={HardHat}
          title="Electricians with access"
          description="Who may work on your home's devices and rooms. Revoke ends their access at once."
        >
          <ElectricianAccess />
        </SettingsSection>
      ) : null}
    </AccountSettings>
  );
}
