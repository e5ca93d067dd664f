import { ButtonLink, ComingSoon } from '~/components/ui';
import type { Route } from './+types/electrician.workflow';
import { ELECTRICIAN_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () => [{ title: 'Workflow | Isaac Electrician' }];

export default function ElectricianWorkflow() {
  return (
    <ComingSoon
      title="Workflow"
      description="Installation phases, progress and handover."
      action={
        <ButtonLink to={ELECTRICIAN_PATHS.dashboard} variant="outline">
          Back to Dashboard
        </ButtonLink>
      }
    />
  );
}
