import {
  API_MSG,
  ERROR_CODE,
  HOME_HEADER,
  HOMES_MESSAGES,
  homeRoleMay,
  requiresCsrf,
  TOKEN_EXPIRED_MESSAGE,
  type HomeAction,
  type RouteRule,
} from '@isaac/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Read } from '../db/reads.ts';
import type { UserRow } from '../db/schema/index.ts';
import type { CurrentSession, LiveSession, SessionService } from '../modules/auth/sessions.ts';
import type { AccessClaims, TokenService } from '../modules/auth/tokens.ts';
import type { CsrfGuard } from './csrf.ts';
import { forbidden, HttpError, notFound, unauthorized } from './errors.ts';
import { homeScopeOf, scopeOf, type HomeMembership, type Scope } from '../policy/scope.ts';
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
export interface AuthContext extends CurrentSession {
  /** Role code from the database (contract ROLE: 1 electrician, 2 owner, 3 admin). */
  role: number;
  /** Their live membership in the home the request names (else the one chosen last); null when none. */
  home: HomeMembership | null;
}

/**
 * The home a request names, or null: the one in the path on a route whose rule says `homeIn: 'path'`
 * (`/api/homes/:id…`, ADR 072), else the web's `x-isaac-home` header (issue 32).
 */
export function homeHintOf(request: FastifyRequest): string | null {
  const value = namesHomeInPath(request.routeRule) ? pathHomeOf(request) : request.headers[HOME_HEADER];
  // A value PostgreSQL cannot hold names no home (the path's validation answers it with a 400).
  return typeof value === 'string' && value.length > 0 && value.length <= 64 && !value.includes('\u0000')
    ? value
    : null;
}

/** Whether a route's home is the one its path names (`homeIn: 'path'`, ADR 072). */
function namesHomeInPath(rule: RouteRule | undefined): rule is RouteRule & { home: HomeAction } {
  return rule !== undefined && 'homeIn' in rule && rule.homeIn === 'path' && rule.home !== undefined;
}

const pathHomeOf = (request: FastifyRequest): unknown => (request.params as { id?: unknown }).id;

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
    /**
     * On a route that reads the session in its own statement (`sessionInRead`, ADR 041): the verified
     * token's claims, until `readAsCaller` has checked the session and set `auth`. Null elsewhere.
     */
    pendingClaims: AccessClaims | null;
  }
  interface FastifyContextConfig {
    /**
     * The route's handler reads through `readAsCaller`, whose one statement carries the session check
     * (ADR 041): the hook verifies the token (and CSRF) but leaves the session's read to the handler.
     */
    sessionInRead?: boolean;
  }
  interface FastifyInstance {
    /** The hook's checks of a session read with the route's data (`readAsCaller`); sets `request.auth`. */
    admitSession(
      request: FastifyRequest,
      claims: AccessClaims,
      row: LiveSession | undefined,
    ): Promise<AuthContext>;
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
 * session is refused by the very next request in every process (ADR 017) — by the hook, or, on a route
 * marked `sessionInRead`, in the route's own statement through `readAsCaller` (ADR 041).
 */
export function registerAuthHook(app: FastifyInstance, deps: AuthDeps): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('authUser', null);
  app.decorateRequest('routeRule', undefined);
  app.decorateRequest('pendingClaims', null);

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
    const claims = verified.claims;
    // The token's role is what it was at sign-in; a role change ends the sessions (ADR 017), and the
    // checks below use the database's role anyway. A caller whose token could not call the route takes
    // the ordinary path, so its refusal comes before any read.
    if (request.routeOptions.config.sessionInRead === true && roleMayCall(rule, claims.role)) {
      request.pendingClaims = claims;
      return;
    }
    await admit(request, rule, claims, await deps.sessions.findLive(claims.sid, homeHintOf(request)));
  });

  /**
   * What the hook checks of a live session, wherever it was read: the session belongs to the token's
   * user, the database's role may call the route, an admin's required second factor; then the
   * once-a-minute touch, and `request.auth`.
   */
  async function admit(
    request: FastifyRequest,
    rule: RouteRule,
    claims: AccessClaims,
    live: LiveSession | null,
  ): Promise<AuthContext> {
    if (!live || live.user.id !== claims.sub) {
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
    // A route of the current home (issue 32, ADR 069): the caller's role there must allow its action. A home
    // named but not theirs (or no longer) is not found; no home at all is a home of their own to come.
    const home = live.home === null ? null : { homeId: live.home.home_id, role: live.home.role };
    // A home named in the path is judged once the request is validated (the preHandler below).
    if (rule.access !== 'signed-in' && 'home' in rule && rule.home !== undefined && !namesHomeInPath(rule)) {
      if (home === null && homeHintOf(request) !== null) throw notFound(HOMES_MESSAGES.notFound);
      if (home !== null && !homeRoleMay(home.role, rule.home)) throw forbidden(HOMES_MESSAGES.notAllowed);
    }
    await deps.sessions.touch(live.session);
    const auth = { userId: live.user.id, role, sessionId: live.session.id, home };
    request.auth = auth;
    request.authUser = live.user;
    return auth;
  }

  // A route of the home its path names (ADR 072): the session's statement read the caller's membership of
  // that home; it must be live (else 404) and its role allow the route's action (else 403). Judged after
  // validation, as the route's own lookup was: a malformed request is a 400 whoever sends it.
  app.addHook('preHandler', async (request) => {
    const rule = request.routeRule;
    if (!namesHomeInPath(rule)) return;
    const home = request.auth?.home ?? null;
    if (home === null || home.homeId !== pathHomeOf(request)) throw notFound(HOMES_MESSAGES.notFound);
    if (!homeRoleMay(home.role, rule.home)) throw forbidden(HOMES_MESSAGES.notAllowed);
  });

  app.decorate('admitSession', async (request, claims, row) => {
    const rule = request.routeRule;
    if (rule === undefined || rule.access === 'public') throw new Error('admitSession: not a role route');
    return admit(request, rule, claims, deps.sessions.liveOf(row));
  });
}

/**
 * A service's read (`db/reads.ts`) run as the caller, with the session check in the read's ONE statement
 * (ADR 041, ADR 064): the statement — the read's fields beside the session lookup, prepared once per read
 * key (`SessionService.read`) — runs in the scope the token names, then the session it read passes the
 * hook's very checks (live, the token's user, the database's role, second factor), and only then is the
 * row decoded into the answer — so a revoked session is refused by its next request as before, with one
 * round trip to the database instead of two. Were the database's role not the token's and its scope
 * another, the read runs again in that scope. On a route without `sessionInRead` (or a token whose role
 * could not call it) the hook has already admitted the caller, and the read runs in its scope.
 */
export async function readAsCaller<T>(
  request: FastifyRequest,
  scopeFor: (caller: {
    userId: string;
    role: number;
    home?: string | null;
    member?: HomeMembership | null;
  }) => Scope,
  readFor: (scope: Scope) => Read<T>,
): Promise<T> {
  const { sessions } = request.server;
  const claims = request.pendingClaims;
  const hint = homeHintOf(request);
  if (claims === null) {
    const auth = requireAuth(request);
    const found = await sessions.read(
      readFor(scopeFor({ ...auth, home: hint, member: auth.home })),
      auth.sessionId,
      hint,
    );
    if (!found) throw unauthorized(ERROR_CODE.authorizationRequired, API_MSG.sessionEnded);
    return found.decode();
  }
  request.pendingClaims = null;
  const assumed = scopeFor({ userId: claims.sub, role: claims.role, home: hint });
  const found = await sessions.read(readFor(assumed), claims.sid, hint);
  const auth = await request.server.admitSession(request, claims, found);
  const scope = scopeFor({ ...auth, home: hint, member: auth.home });
  if (found && scope.kind === assumed.kind && scope.userId === assumed.userId) return found.decode();
  const again = await sessions.read(readFor(scope), auth.sessionId, hint);
  if (!again) throw unauthorized(ERROR_CODE.authorizationRequired, API_MSG.sessionEnded);
  return again.decode();
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

/** The owner API's scope of the caller (the policy's `homeScopeOf`: their current home, ADR 033, ADR 069). */
export function requireHomeScope(request: FastifyRequest): Scope {
  const auth = requireAuth(request);
  return homeScopeOf({ ...auth, home: homeHintOf(request), member: auth.home });
}
