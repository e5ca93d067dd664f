import type { InstallationStatus } from '@isaac/contract';
import { Badge } from '~/components/ui';
import { INSTALLATION_STATUS } from '../model/installation';

/** An installation's status in words and the spec's colour. */
export function InstallationBadge({ status }: { status: InstallationStatus }) {
  const { label, tone } = INSTALLATION_STATUS[status];
  return (
    <Badge tone={tone} className="whitespace-nowrap">
      {label}
    </Badge>
  );
}
