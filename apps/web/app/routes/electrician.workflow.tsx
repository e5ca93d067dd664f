import { WorkflowPage } from '~/features/electrician/components/installations/WorkflowPage';
import type { Route } from './+types/electrician.workflow';
import { documentTitle } from '~/lib/i18n';

export const meta: Route.MetaFunction = () => [{ title: documentTitle('nav.workflow', 'electrician') }];

export default function ElectricianWorkflow() {
  return <WorkflowPage />;
}
