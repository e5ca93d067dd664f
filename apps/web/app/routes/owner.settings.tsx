import { SettingsPage } from '~/features/owner/components/settings/SettingsPage';
import type { Route } from './+types/owner.settings';

export const meta: Route.MetaFunction = () => [{ title: 'Settings | Isaac Owner' }];

export default function OwnerSettings() {
  return <SettingsPage />;
}
