import { Bell } from 'lucide-react';
import { AccountSettings, SettingsSection } from '~/features/account/components/AccountSettings';
import { NotificationSettings } from '~/features/notifications/components/NotificationSettings';
import type { Route } from './+types/electrician.settings';
import { useAccountT } from '~/lib/i18n/account-texts';
import { documentTitle } from '~/lib/i18n';

export const meta: Route.MetaFunction = () => [{ title: documentTitle('nav.settings', 'electrician') }];

/** The electrician's own account (profile, password, sessions, two-factor sign-in) and notifications. */
export default function ElectricianSettings() {
  const { t } = useAccountT();
  return (
    <AccountSettings>
      <SettingsSection
        id="settings-notifications"
        icon={Bell}
        title={t('sections.notifications')}
        description={t('sections.notificationsText')}
      >
        <NotificationSettings />
      </SettingsSection>
    </AccountSettings>
  );
}
