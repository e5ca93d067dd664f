/**
 * `readAsCaller` (ADR 041) on its own, with a stand-in for the hook's checks: which scope each read runs
 * in, and that nothing read is returned unless the session is admitted. The whole path (hook, statement,
 * checks) is tested through GET /api/devices in modules/auth/sessions.test.ts.
 */
import { ERROR_CODE, ROLE } from '@isaac/contract';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { SessionRow, UserRow } from '../db/schema/index.ts';
import type { AccessClaims } from '../modules/auth/tokens.ts';
import { scopeOf, type Scope } from '../policy/scope.ts';
import { readAsCaller, type AuthContext, type ReadWithSession } from './auth.ts';
import { HttpError } from './errors.ts';

const claims: AccessClaims = { sub: 'user-1', sid: 'session-1', role: ROLE.owner };
const row = (value: string): ReadWithSession<string> => ({
  session: { id: 'session-1' } as SessionRow,
  user: { id: 'user-1' } as UserRow,
  value,
});

/** A request as the hook leaves it on a `sessionInRead` route; `admit` stands for the hook's checks. */
function pendingRequest(admit: (found: ReadWithSession<string> | undefined) => AuthContext) {
  return {
    pendingClaims: claims,
    auth: null,
    server: { admitSession: vi.fn(async (_request, _claims, found) => admit(found)) },
  } as unknown as FastifyRequest;
}

const asReadBy = (read: (scope: Scope) => string) =>
  vi.fn(async (scope: Scope, sessionId: string) => {
    expect(sessionId).toBe('session-1');
    return row(read(scope));
  });

describe('readAsCaller', () => {
  it("reads once in the token's scope when the session is admitted with the same role", async () => {
    const request = pendingRequest(() => ({ userId: 'user-1', role: ROLE.owner, sessionId: 'session-1' }));
    const read = asReadBy((scope) => `${scope.kind}:${scope.userId}`);
    expect(await readAsCaller(request, scopeOf, read)).toBe('owner:user-1');
    expect(read).toHaveBeenCalledTimes(1);
    expect(request.pendingClaims).toBeNull();
  });

  it("reads again in the database's scope when the role it admitted is another", async () => {
    const request = pendingRequest(() => ({ userId: 'user-1', role: ROLE.admin, sessionId: 'session-1' }));
    const read = asReadBy((scope) => scope.kind);
    expect(await readAsCaller(request, scopeOf, read)).toBe('admin');
    expect(read.mock.calls.map(([scope]) => scope.kind)).toEqual(['owner', 'admin']);
  });

  it('returns nothing it read when the session is refused', async () => {
    const refusal = new HttpError(401, ERROR_CODE.authorizationRequired, 'ended');
    const request = pendingRequest(() => {
      throw refusal;
    });
    await expect(
      readAsCaller(
        request,
        scopeOf,
        asReadBy(() => 'secret'),
      ),
    ).rejects.toBe(refusal);
  });

  it('without pending claims it reads in the scope the hook admitted; no session row is a 401', async () => {
    const request = {
      pendingClaims: null,
      auth: { userId: 'user-2', role: ROLE.electrician, sessionId: 'session-2' },
    } as unknown as FastifyRequest;
    const read = vi.fn(async (scope: Scope) => row(scope.kind));
    expect(await readAsCaller(request, scopeOf, read)).toBe('electrician');
    expect(read).toHaveBeenCalledWith({ kind: 'electrician', userId: 'user-2' }, 'session-2');
    await expect(readAsCaller(request, scopeOf, async () => undefined)).rejects.toMatchObject({
      statusCode: 401,
    });
    const anonymous = { pendingClaims: null, auth: null } as unknown as FastifyRequest;
    await expect(readAsCaller(anonymous, scopeOf, read)).rejects.toMatchObject({ statusCode: 401 });
  });
});
