import { adminUserKeys } from './users-keys';

/** After a user is added, edited or deleted: the user lists and the admin dashboard refetch. */
export const USER_INVALIDATES = [adminUserKeys.users(), adminUserKeys.dashboard()] as const;
