import { AutomationsPage } from '~/features/automations/components/AutomationsPage';
import { useCurrentHome } from '~/features/owner/api/homes';
import type { Route } from './+types/owner.automations';
import { documentTitle } from '~/lib/i18n';

export const meta: Route.MetaFunction = () => [{ title: documentTitle('nav.automations', 'owner') }];

export default function OwnerAutomations() {
  // Schedules run on the home's clock (ADR 072): the page shows their times on it.
  return <AutomationsPage timeZone={useCurrentHome()?.time_zone} />;
}
