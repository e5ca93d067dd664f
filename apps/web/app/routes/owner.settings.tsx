import { ROLE } from '@isaac/contract';
import { HardHat, Mic } from 'lucide-react';
import { AccountSettings, SettingsSection } from '~/features/account/components/AccountSettings';
import { ElectricianAccess } from '~/features/owner/components/settings/ElectricianAccess';
import { LinkedServicesList } from '~/features/owner/components/settings/LinkedServicesList';
import { useAuth } from '~/lib/auth';
import type { Route } from './+types/owner.settings';

export const meta: Route.MetaFunction = () => [{ title: 'Settings | Isaac Owner' }];

/**
 * The owner's account, the voice assistants linked to it (Unlink), and (for owners) the electricians who may
 * work in their home, with Revoke.
 */
export default function OwnerSettings() {
  const { user } = useAuth();
  return (
    <AccountSettings>
      <SettingsSection
        id="settings-linked-services"
        icon={Mic}
        title="Linked services"
        description="Voice assistants linked to your account. Unlink stops one at once."
      >
        <LinkedServicesList />
      </SettingsSection>
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
