import type { PersonRef, User } from '@isaac/contract';
import { getTableColumns } from 'drizzle-orm';
import { users, type UserRow } from '../../db/schema/index.ts';

/** A user as the presenters read one: every column but the password hash. */
export type PresentableUser = Omit<UserRow, 'passwordHash'>;

/**
 * The columns a read selects to present users: all but the password hash, which only the sign-in and
 * password checks read (a list or a dashboard never carries it, not even from the database).
 */
export const presentableUserColumns = (() => {
  const { passwordHash: _hash, ...columns } = getTableColumns(users);
  return columns;
})();

/** A user row as the API presents it (contract `userSchema`): never the password hash. */
export function presentUser(row: PresentableUser): User {
  const hasLocation = row.city !== null || row.pincode !== null || row.address !== null;
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    username: row.username,
    mobile: row.mobile,
    role: row.role,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    location: hasLocation ? { city: row.city, pincode: row.pincode, address: row.address } : null,
    two_factor_enabled: row.twoFactorEnabledAt !== null,
    language: row.language,
  };
}

/** A person named in another record (an electrician, a customer): id, name and e-mail only. */
export function presentPersonRef(row: Pick<UserRow, 'id' | 'name' | 'email'>): PersonRef {
  return { _id: row.id, name: row.name, email: row.email };
}
