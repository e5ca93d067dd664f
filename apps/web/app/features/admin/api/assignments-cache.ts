import type { QueryClient } from '@tanstack/react-query';
import { assignmentKeys } from './assignments-keys';

/** After any assignment change: devices (owner/electrician columns, stats), electricians' counts, customers. */
export function invalidateAssignments(client: QueryClient): Promise<void> {
  return Promise.all(
    [assignmentKeys.devices(), assignmentKeys.electricians(), assignmentKeys.customers()].map((queryKey) =>
      client.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}
