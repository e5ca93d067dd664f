import { ROLE } from '@isaac/contract';
import { Bell, HardHat, House, Mic } from 'lucide-react';
import { AccountSettings, SettingsSection } from '~/features/account/components/AccountSettings';
import { NotificationSettings } from '~/features/notifications/components/NotificationSettings';
import { HomesSettings } from '~/features/owner/components/homes/HomesSettings';
import { ElectricianAccess } from '~/features/owner/components/settings/ElectricianAccess';
import { LinkedServicesList } from '~/features/owner/components/settings/LinkedServicesList';
import { useAuth } from '~/lib/auth';
import type { Route } from './+types/owner.settings';
import { useAccountT } from '~/lib/i18n/account-texts';
import { useOwnerT } from '~/lib/i18n/owner-texts';
import { documentTitle } from '~/lib/i18n';

export const meta: Route.MetaFunction = () => [{ title: documentTitle('nav.settings', 'owner') }];

/**
 * The owner's account, their homes (create one; rename, re-zone or delete one they own), the voice assistants
 * linked to it (Unlink), and (for owners) the electricians who may work in their home, with Revoke.
 */
export default function OwnerSettings() {
  const { user } = useAuth();
  const { t } = useOwnerT();
  const { t: account } = useAccountT();
  return (
    <AccountSettings>
      <SettingsSection
        id="settings-homes"
        icon={House}
        title="Homes"
        description="The homes you belong to. Create another, or rename one you own and set its time zone."
      >
        <HomesSettings />
      </SettingsSection>
      <SettingsSection
        id="settings-linked-services"
        icon={Mic}
        title={t('settings.linked')}
        description={t('settings.linkedText')}
      >
        <LinkedServicesList />
      </SettingsSection>
      {user?.role === ROLE.owner ? (
        <SettingsSection
          id="settings-electricians"
          icon={HardHat}
          title={t('settings.electricians')}
          description={t('settings.electriciansText')}
        >
          <ElectricianAccess />
        </SettingsSection>
      ) : null}
      <SettingsSection
        id="settings-notifications"
        icon={Bell}
        title={account('sections.notifications')}
        description={account('sections.notificationsText')}
      >
        <NotificationSettings />
      </SettingsSection>
    </AccountSettings>
  );
}
