import {
  API_MSG,
  ERROR_CODE,
  ROLE,
  requiresCsrf,
  TOKEN_EXPIRED_MESSAGE,
  type RouteRule,
} from '@isaac/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema/index.ts';
import type { SessionService } from '../modules/auth/sessions.ts';
import type { TokenService } from '../modules/auth/tokens.ts';
import type { CsrfGuard } from './csrf.ts';
import { forbidden, HttpError, unauthorized } from './errors.ts';
import { scopeOf, type Scope } from '../policy/scope.ts';
import { roleMayCall, ruleForRequest } from './rbac.ts';

/** The auth hook's own messages; those clients also match are the contract's API_MSG. */
export const AUTH_HOOK_MESSAGES = {
  tokenExpired: `${TOKEN_EXPIRED_MESSAGE}. Please refresh it or sign in again.`,
  csrfRequired:
    'Missing or invalid CSRF token: fetch one from GET /auth/csrf-token (with credentials) and send it in the X-CSRF-Token header.',
  noRule: 'This route has no permission rule',
} as const;

/** The bearer token of a request, or null when the Authorization header is missing or not Bearer. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** Who is calling, set by the global auth hook on every route whose rule names roles. */
export interface AuthContext {
  userId: string;
  /** Role code from the database (contract ROLE: 1 electrician, 2 owner, 3 admin). */
  role: number;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for routes whose PERMISSIONS rule names roles; null on public routes. */
    auth: AuthContext | null;
    /** The PERMISSIONS rule of the matched route (undefined for unmatched or docs routes). */
    routeRule: RouteRule | undefined;
    /**
     * The caller's user row as the hook read it with the session (same request, same query): routes
     * that present the caller use it instead of reading the row again. Null where `auth` is null.
     */
    authUser: UserRow | null;
  }
}

interface AuthDeps {
  tokens: TokenService;
  sessions: SessionService;
  csrf: CsrfGuard;
  /** Whether a user must use two-factor sign-in (the two-factor module's service, ADR 028). */
  twoFactor: { isRequiredFor(user: Pick<UserRow, 'role'>): boolean };
}

/**
 * The one global onRequest hook of the API, driven by the contract's PERMISSIONS table:
 * 1. find the matched route's rule (a route without one fails closed with 500);
 * 2. CSRF: when `requiresCsrf(method, rule)`, the X-CSRF-Token header must match the signed cookie (403 csrf_required);
 * 3. for role rules: a valid bearer JWT of a live session (401 authorization_required / invalid_token / token_expired),
 *    then the caller's role (403 forbidden), then, for role-restricted routes, an admin's required second
 *    factor (403 two_factor_enrolment_required, ADR 028). Sets `request.auth` (and `request.authUser`). Route modules never
 *    check auth themselves.
 * The session is read on every request (one prepared primary-key read, never cached), so a revoked
 * session is refused by the very next request in every process (ADR 017).
 */
export function registerAuthHook(app: FastifyInstance, deps: AuthDeps): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('authUser', null);
  app.decorateRequest('routeRule', undefined);

  app.addHook('onRequest', async (request) => {
    const rule = ruleForRequest(request);
    if (rule === undefined) return; // no route matched: the 404 handler answers
    if (rule === 'none') {
      request.log.error(
        { route: `${request.method} ${request.routeOptions.url}` },
        AUTH_HOOK_MESSAGES.noRule,
      );
      throw new HttpError(500, ERROR_CODE.internal, AUTH_HOOK_MESSAGES.noRule);
    }
    request.routeRule = rule;

    if (requiresCsrf(request.method, rule) && !deps.csrf.check(request)) {
      throw new HttpError(403, ERROR_CODE.csrfRequired, AUTH_HOOK_MESSAGES.csrfRequired);
    }
    if (rule.access === 'public') return;

    const token = bearerToken(request);
    if (!token) throw unauthorized(ERROR_CODE.authorizationRequired, API_MSG.authorizationRequired);
    const verified = await deps.tokens.verify(token);
    if (!verified.ok) {
      throw verified.reason === 'expired'
        ? unauthorized(ERROR_CODE.tokenExpired, AUTH_HOOK_MESSAGES.tokenExpired)
        : unauthorized(ERROR_CODE.invalidToken, API_MSG.invalidToken);
    }
    const live = await deps.sessions.findLive(verified.claims.sid);
    if (!live || live.user.id !== verified.claims.sub) {
      throw unauthorized(ERROR_CODE.authorizationRequired, API_MSG.sessionEnded);
    }
    // The role comes from the database, so a role change applies at once.
    const role = live.user.role;
    if (!roleMayCall(rule, role)) throw forbidden();
    // Admins who must use two-factor sign-in and have not set it up reach only the routes open to every
    // signed-in user (their account settings, where they enrol), not their role's routes (ADR 028).
    if (
      rule.access !== 'signed-in' &&
      live.user.twoFactorEnabledAt === null &&
      deps.twoFactor.isRequiredFor(live.user)
    ) {
      throw new HttpError(403, ERROR_CODE.twoFactorEnrolmentRequired, API_MSG.twoFactorEnrolmentRequired);
    }
    await deps.sessions.touch(live.session);
    request.auth = { userId: live.user.id, role, sessionId: live.session.id };
    request.authUser = live.user;
  });
}

/** `request.auth` on a route whose rule names roles (the hook guarantees it is set there). */
export function requireAuth(request: FastifyRequest) {
  if (!request.auth) throw unauthorized(ERROR_CODE.authorizationRequired, API_MSG.authorizationRequired);
  return request.auth;
}

/** The caller's user row, read by the hook in this request (set wherever `request.auth` is). */
export function requireAuthUser(request: FastifyRequest): UserRow {
  if (!request.authUser) throw unauthorized(ERROR_CODE.authorizationRequired, API_MSG.authorizationRequired);
  return request.authUser;
}

/** The caller's policy scope (ADR 019): what the services let them see and change. */
export function requireScope(request: FastifyRequest): Scope {
  return scopeOf(requireAuth(request));
}

/**
 * The owner API's scope (/api/dashboard, /api/devices, /api/rooms): the caller's OWN home, for owners and
 * electricians alike (ADR 033: an electrician's /owner is their own home, not their customers' — those
 * are reached through the electrician API).
 */
export function requireHomeScope(request: FastifyRequest): Scope {
  const auth = requireAuth(request);
  return auth.role === ROLE.electrician ? { kind: 'owner', userId: auth.userId } : scopeOf(auth);
}
