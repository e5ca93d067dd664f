import { Bell, Mic } from 'lucide-react';
import { AccountSettings, SettingsSection } from '~/features/account/components/AccountSettings';
import { NotificationSettings } from '~/features/notifications/components/NotificationSettings';
import { VoiceLinkingClients } from '~/features/admin/components/voice-linking/VoiceLinkingClients';
import type { Route } from './+types/admin.settings';

export const meta: Route.MetaFunction = () => [{ title: 'Settings | Isaac Admin' }];

/**
 * The admin's own account (profile, password, sessions, two-factor sign-in, ADR 028) and Voice linking: the
 * services that may link owners' accounts (issue 12).
 */
export default function AdminSettings() {
  return (
    <AccountSettings>
      <SettingsSection
        id="settings-voice-linking"
        icon={Mic}
        title="Voice linking"
        description="Google Home, Alexa and other services owners can link their accounts to."
      >
        <VoiceLinkingClients />
      </SettingsSection>
      <SettingsSection
        id="settings-notifications"
        icon={Bell}
        title="Notifications"
        description="What reaches you by push and e-mail, and when to keep quiet."
      >
        <NotificationSettings />
      </SettingsSection>
    </AccountSettings>
  );
}
