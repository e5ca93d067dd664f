import { AccountSettings } from '~/features/account/components/AccountSettings';
import type { Route } from './+types/owner.settings';

export const meta: Route.MetaFunction = () => [{ title: 'Settings | Isaac Owner' }];

export default function OwnerSettings() {
  return <AccountSettings />;
}
