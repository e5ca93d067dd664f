import type { QueryClient } from '@tanstack/react-query';
import { adminUserKeys } from './users-keys';

/** After a user is added, edited or deleted: the user lists and the admin dashboard refetch. */
export function invalidateUsers(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: adminUserKeys.users() }),
    client.invalidateQueries({ queryKey: adminUserKeys.dashboard() }),
  ]).then(() => undefined);
}
