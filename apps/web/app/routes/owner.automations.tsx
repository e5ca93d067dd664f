import { AutomationsPage } from '~/features/automations/components/AutomationsPage';
import type { Route } from './+types/owner.automations';
import { documentTitle } from '~/lib/i18n';

export const meta: Route.MetaFunction = () => [{ title: documentTitle('nav.automations', 'owner') }];

export default function OwnerAutomations() {
  return <AutomationsPage />;
}
