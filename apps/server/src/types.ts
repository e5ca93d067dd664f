import type { RouteRule } from '@isaac/contract';
import type { FastifySchema } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { CsrfGuard } from './plugins/csrf.ts';
import type { RequestOutcomes } from './plugins/request-outcomes.ts';
import type { SessionService } from './modules/auth/sessions.ts';
import type { TokenService } from './modules/auth/tokens.ts';
import type { TwoFactorService } from './modules/two-factor/service.ts';

/** Who is calling, set by the global auth hook on every route whose rule names roles. */
export interface AuthContext {
  userId: string;
  /** Role code from the database (contract ROLE: 1 electrician, 2 owner, 3 admin). */
  role: number;
  sessionId: string;
}

/** A route as registered (collected by the onRoute hook; the route-walk test reads it). */
export interface RegisteredRoute {
  method: string;
  url: string;
  hasSchema: boolean;
  tags: readonly string[];
  hasResponseSchema: boolean;
  /** The route's schema (zod: params, querystring, body), for tests that walk every input. */
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** The app's clock (injectable in tests). */
    now: () => Date;
    tokens: TokenService;
    sessions: SessionService;
    csrf: CsrfGuard;
    /** Two-factor sign-in (ADR 028): enrolment, sign-in codes, the admin requirement. */
    twoFactor: TwoFactorService;
    /** Requests and 5xx answers of this process over the last hour (admin health checks). */
    requestOutcomes: RequestOutcomes;
    /** Every route registered, in order. */
    routeTable: RegisteredRoute[];
  }
  interface FastifyRequest {
    /** Set for routes whose PERMISSIONS rule names roles; null on public routes. */
    auth: AuthContext | null;
    /** The PERMISSIONS rule of the matched route (undefined for unmatched or docs routes). */
    routeRule: RouteRule | undefined;
  }
}
