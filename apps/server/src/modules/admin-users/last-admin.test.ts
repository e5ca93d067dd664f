import { ROLE } from '@isaac/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { SYSTEM_CONTEXT } from '../audit/audit-log.ts';
import { authed, createTestApp } from '../../test/helpers.ts';
import { ADMIN_USER_MESSAGES, AdminUserService } from './service.ts';

/** The rule that the last active admin stays (each test on a database of its own). */
describe('the last active admin', () => {
  it('two admins demoting each other at once: one wins, one admin remains', async () => {
    // A database of its own: here the two are the only admins.
    const own = await createTestApp();
    try {
      const a = await own.signIn(ROLE.admin);
      const b = await own.signIn(ROLE.admin);
      const headersA = await authed(own.app, a.token);
      const headersB = await authed(own.app, b.token);
      const body = (u: typeof a.user) => ({
        name: u.name,
        email: u.email,
        username: u.username,
        mobile: '+91 98450 00000',
        role: ROLE.owner,
        status: 'active',
      });
      const answers = await Promise.all([
        own.app.inject({
          method: 'PUT',
          url: `/api/admin/users/${b.user.id}`,
          headers: headersA,
          payload: body(b.user),
        }),
        own.app.inject({
          method: 'PUT',
          url: `/api/admin/users/${a.user.id}`,
          headers: headersB,
          payload: body(a.user),
        }),
      ]);
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      const loser = answers.find((r) => r.statusCode !== 200);
      // Refused by the rule (409); or, when the winner's change committed before the loser's request was
      // authorised, by the role check (403) or — the demotion ending the loser's sessions at once — 401.
      expect([401, 403, 409]).toContain(loser?.statusCode);
      if (loser?.statusCode === 409) expect(loser.json().message).toBe(ADMIN_USER_MESSAGES.lastAdmin);
      const admins = await own.db.select().from(users).where(eq(users.role, ROLE.admin));
      expect(admins).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it('cannot be demoted, deactivated or deleted by anyone (409)', async () => {
    const own = await createTestApp();
    try {
      const only = await own.createUser({ role: ROLE.admin });
      const someone = await own.createUser({ role: ROLE.owner });
      const service = new AdminUserService(
        own.db,
        own.app.sessions,
        own.app.services.audit,
        own.app.services.rowCounts,
        () => new Date(),
      );
      // an actor that is not the admin themself (e.g. a system task acting for an operator)
      const actor = { userId: someone.user.id, role: ROLE.admin, sessionId: 'none' };
      const edit = {
        name: only.user.name,
        email: only.user.email,
        username: only.user.username,
        mobile: '+91 98450 00000',
        role: ROLE.admin,
        status: 'active',
      } as const;
      await expect(
        service.update(actor, only.user.id, { ...edit, role: ROLE.owner }, SYSTEM_CONTEXT),
      ).rejects.toMatchObject({
        statusCode: 409,
        message: ADMIN_USER_MESSAGES.lastAdmin,
      });
      await expect(
        service.update(actor, only.user.id, { ...edit, status: 'inactive' }, SYSTEM_CONTEXT),
      ).rejects.toMatchObject({
        statusCode: 409,
      });
      await expect(service.remove(actor, only.user.id, SYSTEM_CONTEXT)).rejects.toMatchObject({
        statusCode: 409,
      });
      // an edit that keeps them an active admin is fine
      await expect(
        service.update(actor, only.user.id, { ...edit, name: 'Still Admin' }, SYSTEM_CONTEXT),
      ).resolves.toMatchObject({
        name: 'Still Admin',
      });
      // with a second active admin, the first may go
      await own.createUser({ role: ROLE.admin });
      await expect(
        service.update(actor, only.user.id, { ...edit, role: ROLE.owner }, SYSTEM_CONTEXT),
      ).resolves.toMatchObject({
        role: ROLE.owner,
      });
    } finally {
      await own.close();
    }
  });
});
