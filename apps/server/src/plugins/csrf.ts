import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER } from '@isaac/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * CSRF by signed double submit: `GET /auth/csrf-token` returns a random token and sets it, HMAC-signed
 * with a key derived from JWT_SECRET, in an HttpOnly SameSite=Lax cookie. A call whose rule requires
 * CSRF must send the same token in `X-CSRF-Token`; the cookie's signature must hold and the two must
 * match (constant-time). Web (:3000) and API (:4000) on one host are the same site, so Lax cookies flow.
 */
export class CsrfGuard {
  private readonly key: Buffer;

  constructor(
    jwtSecret: string,
    private readonly maxAgeSeconds: number,
  ) {
    this.key = createHmac('sha256', jwtSecret).update('isaac-csrf-cookie-v1').digest();
  }

  private mac(token: string): string {
    return createHmac('sha256', this.key).update(token).digest('base64url');
  }

  /** Creates a token, sets its cookie on `reply` and returns the token for the response body. */
  issue(request: FastifyRequest, reply: FastifyReply): string {
    const token = randomBytes(32).toString('base64url');
    reply.setCookie(CSRF_COOKIE, `${token}.${this.mac(token)}`, {
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      path: '/',
      maxAge: this.maxAgeSeconds,
    });
    return token;
  }

  /** Whether the request carries a header token that matches its signed cookie. */
  check(request: FastifyRequest): boolean {
    const header = request.headers[CSRF_HEADER];
    const cookie = request.cookies[CSRF_COOKIE];
    if (typeof header !== 'string' || !header || !cookie) return false;
    const dot = cookie.lastIndexOf('.');
    if (dot <= 0) return false;
    const token = cookie.slice(0, dot);
    const mac = cookie.slice(dot + 1);
    return safeEqual(mac, this.mac(token)) && safeEqual(header, token);
  }
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
