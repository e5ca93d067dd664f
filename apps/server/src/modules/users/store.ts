import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/index.ts';

/**
 * THE writes of `users` (issue 31, ADR 063): the users module owns the table; the account settings, the
 * admin's users screen, two-factor sign-in and fulfilment (a buyer's account, an invitation's password)
 * change users through these, each in the caller's transaction, and record the change themselves.
 */

type NewUser = typeof users.$inferInsert;
/** What a user's own settings or an admin may change of an account. */
export type UserChanges = Partial<
  Pick<UserRow, 'name' | 'email' | 'username' | 'mobile' | 'role' | 'status' | 'language'>
>;

/** A new account (its e-mail and username unique: a taken one is the database's unique violation). */
export async function createUser(tx: Tx, values: NewUser): Promise<UserRow> {
  const [inserted] = await tx.insert(users).values(values).returning();
  if (!inserted) throw new Error('user insert returned no row');
  return inserted;
}

/**
 * A new account unless its e-mail or username is taken (ON CONFLICT DO NOTHING: a concurrent insert of the
 * same account waits, then finds it taken): the new user, or undefined.
 */
export async function createUserUnlessTaken(
  tx: Db | Tx,
  values: NewUser,
): Promise<{ id: string; name: string } | undefined> {
  const [created] = await tx
    .insert(users)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: users.id, name: users.name });
  return created;
}

/** Changes an account's details; the row after, or undefined when there is no such user. */
export async function updateUser(
  tx: Tx,
  userId: string,
  changes: UserChanges,
  at: Date,
): Promise<UserRow | undefined> {
  const [updated] = await tx
    .update(users)
    .set({ ...changes, updatedAt: at })
    .where(eq(users.id, userId))
    .returning();
  return updated;
}

/**
 * The language of the account that has this e-mail address (ADR 073): what its e-mails are written in; null
 * when there is no such account or its user has not chosen.
 */
export async function languageOfAddress(tx: Db | Tx, email: string): Promise<UserRow['language']> {
  const [row] = await tx
    .select({ language: users.language })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return row?.language ?? null;
}

/** A new password (its argon2id hash). */
export async function setPasswordHash(tx: Tx, userId: string, passwordHash: string, at: Date): Promise<void> {
  await tx.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, userId));
}

/** Two-factor sign-in turned on (when) or off (null): the flag the sign-in and the admin list read. */
export async function setTwoFactorEnabledAt(
  tx: Tx,
  userId: string,
  enabledAt: Date | null,
  at: Date,
): Promise<void> {
  await tx.update(users).set({ twoFactorEnabledAt: enabledAt, updatedAt: at }).where(eq(users.id, userId));
}

/** Deletes an account (its sessions go with it: ON DELETE CASCADE). */
export async function deleteUser(tx: Tx, userId: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, userId));
}
