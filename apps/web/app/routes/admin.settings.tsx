import { AccountSettings } from '~/features/account/components/AccountSettings';
import type { Route } from './+types/admin.settings';

export const meta: Route.MetaFunction = () => [{ title: 'Settings | Isaac Admin' }];

/** The admin's own account: profile, password, sessions and two-factor sign-in (ADR 028). */
export default function AdminSettings() {
  return <AccountSettings />;
}
