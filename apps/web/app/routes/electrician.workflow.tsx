import { WorkflowPage } from '~/features/electrician/components/installations/WorkflowPage';
import type { Route } from './+types/electrician.workflow';

export const meta: Route.MetaFunction = () => [{ title: 'Workflow | Isaac Electrician' }];

export default function ElectricianWorkflow() {
  return <WorkflowPage />;
}
