/**
 * `readAsCaller` (ADR 041, ADR 064) on its own, with stand-ins for the session service's statement and the
 * hook's checks: which scope each read runs in, that it runs with the caller's session, and that nothing
 * read is decoded unless the session is admitted. The whole path (hook, statement, checks) is tested
 * through GET /api/devices in modules/auth/sessions.test.ts.
 */
import { ERROR_CODE, ROLE } from '@isaac/contract';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Read } from '../db/reads.ts';
import type { SessionRow, UserRow } from '../db/schema/index.ts';
import type { ReadWithSession } from '../modules/auth/sessions.ts';
import type { AccessClaims } from '../modules/auth/tokens.ts';
import { scopeOf, type Scope } from '../policy/scope.ts';
import { readAsCaller, type AuthContext } from './auth.ts';
import { HttpError } from './errors.ts';

const claims: AccessClaims = { sub: 'user-1', sid: 'session-1', role: ROLE.owner };

/** A read whose answer names the scope it was built for; `decoded` counts the answers made. */
function readsOf(answer: (scope: Scope) => string) {
  const decoded = vi.fn();
  const readFor = vi.fn((scope: Scope): Read<string> => ({
    key: `test:${scope.kind}`,
    fields: () => ({}),
    values: { actorId: scope.userId },
    decode: () => {
      decoded();
      return answer(scope);
    },
  }));
  return { readFor, decoded };
}

/** The session service's `read` as the statement would answer it: the session, when one was named. */
function sessionsReading(found: boolean) {
  return {
    read: vi.fn(
      async (read: Read<string>, sessionId: string): Promise<ReadWithSession<string> | undefined> => {
        if (!found) return undefined;
        const row = {};
        return {
          session: { id: sessionId } as SessionRow,
          user: { id: 'user-1' } as UserRow,
          home: null,
          decode: async () => read.decode(row),
        };
      },
    ),
  };
}

/** A request as the hook leaves it on a `sessionInRead` route; `admit` stands for the hook's checks. */
function pendingRequest(admit: () => AuthContext, sessions = sessionsReading(true)) {
  return {
    pendingClaims: claims,
    auth: null,
    headers: {},
    server: {
      sessions,
      admitSession: vi.fn(async () => admit()),
    },
  } as unknown as FastifyRequest;
}

describe('readAsCaller', () => {
  it("reads once in the token's scope, with its session, when the session is admitted with the same role", async () => {
    const sessions = sessionsReading(true);
    const request = pendingRequest(
      () => ({ userId: 'user-1', role: ROLE.owner, sessionId: 'session-1', home: null }),
      sessions,
    );
    const { readFor, decoded } = readsOf((scope) => `${scope.kind}:${scope.userId}`);
    expect(await readAsCaller(request, scopeOf, readFor)).toBe('owner:user-1');
    expect(readFor).toHaveBeenCalledTimes(1);
    expect(decoded).toHaveBeenCalledTimes(1);
    expect(sessions.read.mock.calls[0]?.[1]).toBe('session-1');
    expect(request.pendingClaims).toBeNull();
  });

  it("reads again in the database's scope when the role it admitted is another", async () => {
    const request = pendingRequest(() => ({
      userId: 'user-1',
      role: ROLE.admin,
      sessionId: 'session-1',
      home: null,
    }));
    const { readFor, decoded } = readsOf((scope) => scope.kind);
    expect(await readAsCaller(request, scopeOf, readFor)).toBe('admin');
    expect(readFor.mock.calls.map(([scope]) => scope.kind)).toEqual(['owner', 'admin']);
    // Only the answer of the admitted scope is decoded.
    expect(decoded).toHaveBeenCalledTimes(1);
  });

  it('decodes nothing it read when the session is refused', async () => {
    const refusal = new HttpError(401, ERROR_CODE.authorizationRequired, 'ended');
    const request = pendingRequest(() => {
      throw refusal;
    });
    const { readFor, decoded } = readsOf(() => 'secret');
    await expect(readAsCaller(request, scopeOf, readFor)).rejects.toBe(refusal);
    expect(decoded).not.toHaveBeenCalled();
  });

  it('without pending claims it reads in the scope the hook admitted; no session row is a 401', async () => {
    const sessions = sessionsReading(true);
    const request = {
      pendingClaims: null,
      auth: { userId: 'user-2', role: ROLE.electrician, sessionId: 'session-2', home: null },
      headers: {},
      server: { sessions },
    } as unknown as FastifyRequest;
    const { readFor } = readsOf((scope) => scope.kind);
    expect(await readAsCaller(request, scopeOf, readFor)).toBe('electrician');
    expect(readFor).toHaveBeenCalledWith({ kind: 'electrician', userId: 'user-2' });
    expect(sessions.read.mock.calls[0]?.[1]).toBe('session-2');
    const ended = { ...request, server: { sessions: sessionsReading(false) } } as unknown as FastifyRequest;
    await expect(readAsCaller(ended, scopeOf, readFor)).rejects.toMatchObject({ statusCode: 401 });
    const anonymous = {
      pendingClaims: null,
      auth: null,
      headers: {},
      server: { sessions },
    } as unknown as FastifyRequest;
    await expect(readAsCaller(anonymous, scopeOf, readFor)).rejects.toMatchObject({ statusCode: 401 });
  });
});
