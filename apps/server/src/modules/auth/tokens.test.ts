import { createHmac, createSecretKey } from 'node:crypto';
import { compactVerify, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenService, type VerifyResult } from './tokens.ts';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-000000';
const CLAIMS = { sub: 'user-1', sid: 'session-1', role: 2 };
const T0 = new Date('2026-01-01T00:00:00Z');

let at = T0;
const clock = () => at;
const service = new TokenService(SECRET, clock, 1800);
const key = createSecretKey(Buffer.from(SECRET, 'utf8'));

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
/** A token with any header and payload, HMAC-SHA-256 signed with the service's secret (or another). */
function forge(header: unknown, payload: unknown, secret = SECRET): string {
  const input = `${typeof header === 'string' ? header : b64(header)}.${typeof payload === 'string' ? payload : b64(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

const now = () => Math.floor(at.getTime() / 1000);
const good = () => ({ ...CLAIMS, iss: 'isaac-api', aud: 'isaac-web', iat: now(), exp: now() + 1800 });
const HEADER = { alg: 'HS256', typ: 'JWT' };

/** The verification this service replaced: jose's jwtVerify with the same options, the same claim checks. */
async function joseVerify(token: string, ignoreExpiry = false): Promise<VerifyResult> {
  const toResult = (payload: Record<string, unknown>): VerifyResult => {
    const { sub, sid, role, exp } = payload;
    if (typeof sub !== 'string' || sub === '' || typeof sid !== 'string' || sid === '')
      return { ok: false, reason: 'invalid' };
    if (!Number.isInteger(role) || !Number.isInteger(exp)) return { ok: false, reason: 'invalid' };
    return { ok: true, claims: { sub, sid, role: role as number } };
  };
  try {
    if (ignoreExpiry) {
      const { payload } = await compactVerify(token, key, { algorithms: ['HS256'] });
      const parsed: unknown = JSON.parse(new TextDecoder().decode(payload));
      if (typeof parsed !== 'object' || parsed === null) return { ok: false, reason: 'invalid' };
      const p = parsed as Record<string, unknown>;
      if (p.iss !== 'isaac-api' || p.aud !== 'isaac-web') return { ok: false, reason: 'invalid' };
      return toResult(p);
    }
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: 'isaac-api',
      audience: 'isaac-web',
      currentDate: at,
    });
    return toResult(payload);
  } catch (error) {
    return { ok: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
  }
}

describe('TokenService (HS256: signed with jose, verified with fast-jwt)', () => {
  it('verifies the tokens it signs, and jose verifies them too', async () => {
    at = T0;
    const token = await service.sign(CLAIMS);
    expect(await service.verify(token)).toEqual({ ok: true, claims: CLAIMS });
    expect(await service.verifyIgnoringExpiry(token)).toEqual({ ok: true, claims: CLAIMS });
    expect(await joseVerify(token)).toEqual({ ok: true, claims: CLAIMS });
  });

  it('refuses a tampered token: payload, header or signature changed, other secret, alg none', async () => {
    at = T0;
    const token = await service.sign(CLAIMS);
    const [h, p, s] = token.split('.') as [string, string, string];
    const otherPayload = b64({ ...good(), sub: 'someone-else' });
    const flip = (text: string, i: number) =>
      text.slice(0, i) + (text[i] === 'A' ? 'B' : 'A') + text.slice(i + 1);
    const tampered = [
      `${h}.${otherPayload}.${s}`,
      `${b64({ alg: 'HS384', typ: 'JWT' })}.${p}.${s}`,
      `${h}.${p}.${flip(s, 10)}`,
      `${h}.${p}.${s.slice(0, -1)}`,
      `${h}.${p}.${s}A`,
      `${h}.${p}.`,
      `${h}.${p}`,
      `${token}.${s}`,
      forge(HEADER, good(), 'another-secret-another-secret-another-secret-00'),
      `${b64({ alg: 'none' })}.${p}.`,
      forge({ alg: 'none' }, good()),
      'garbage',
      '',
    ];
    for (const bad of tampered) {
      expect(await service.verify(bad), bad).toEqual({ ok: false, reason: 'invalid' });
      expect(await service.verifyIgnoringExpiry(bad), bad).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('refuses an expired token as expired (the boundary second included), still accepted for refresh', async () => {
    at = T0;
    const token = await service.sign(CLAIMS);
    at = new Date(T0.getTime() + 1799_000);
    expect((await service.verify(token)).ok).toBe(true);
    at = new Date(T0.getTime() + 1800_000);
    expect(await service.verify(token)).toEqual({ ok: false, reason: 'expired' });
    expect(await joseVerify(token)).toEqual({ ok: false, reason: 'expired' });
    expect(await service.verifyIgnoringExpiry(token)).toEqual({ ok: true, claims: CLAIMS });
    // A tampered expired token is invalid, not expired.
    const [h, p] = token.split('.');
    expect(await service.verify(`${h}.${p}.${'A'.repeat(43)}`)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('agrees with jose on well-signed tokens with unusual headers and claims', async () => {
    at = T0;
    const cases: Array<[string, 'ok' | 'expired' | 'invalid', unknown, unknown]> = [
      ['as signed', 'ok', HEADER, good()],
      ['no typ', 'ok', { alg: 'HS256' }, good()],
      ['other typ', 'ok', { alg: 'HS256', typ: 'at+jwt' }, good()],
      ['alg HS512 in the header', 'invalid', { alg: 'HS512' }, good()],
      ['alg missing', 'invalid', { typ: 'JWT' }, good()],
      ['header is an array', 'invalid', [HEADER], good()],
      ['header not JSON', 'invalid', b64('x').slice(0, 2), good()],
      ['payload an array', 'invalid', HEADER, [good()]],
      ['payload a string', 'invalid', HEADER, 'not-json'],
      ['payload null', 'invalid', HEADER, null],
      ['payload invalid UTF-8', 'invalid', HEADER, Buffer.from([0x7b, 0xff, 0x7d]).toString('base64url')],
      ['wrong issuer', 'invalid', HEADER, { ...good(), iss: 'someone' }],
      ['no issuer', 'invalid', HEADER, { ...good(), iss: undefined }],
      ['wrong audience', 'invalid', HEADER, { ...good(), aud: 'other' }],
      ['audience list with ours', 'ok', HEADER, { ...good(), aud: ['other', 'isaac-web'] }],
      ['audience list without ours', 'invalid', HEADER, { ...good(), aud: ['other'] }],
      ['no audience', 'invalid', HEADER, { ...good(), aud: undefined }],
      ['expired', 'expired', HEADER, { ...good(), exp: now() - 1 }],
      ['expired now', 'expired', HEADER, { ...good(), exp: now() }],
      ['expired, wrong issuer', 'invalid', HEADER, { ...good(), exp: now() - 1, iss: 'x' }],
      ['expired, no sid', 'expired', HEADER, { ...good(), exp: now() - 1, sid: undefined }],
      ['exp a string', 'invalid', HEADER, { ...good(), exp: String(now() + 100) }],
      ['no exp', 'invalid', HEADER, { ...good(), exp: undefined }],
      ['exp not an integer', 'invalid', HEADER, { ...good(), exp: now() + 100.5 }],
      ['nbf in the future', 'invalid', HEADER, { ...good(), nbf: now() + 60 }],
      ['nbf now', 'ok', HEADER, { ...good(), nbf: now() }],
      ['nbf a string', 'invalid', HEADER, { ...good(), nbf: 'soon' }],
      ['iat a string', 'invalid', HEADER, { ...good(), iat: 'now' }],
      ['iat in the future', 'ok', HEADER, { ...good(), iat: now() + 3600 }],
      ['no sub', 'invalid', HEADER, { ...good(), sub: undefined }],
      ['empty sid', 'invalid', HEADER, { ...good(), sid: '' }],
      ['role a string', 'invalid', HEADER, { ...good(), role: '3' }],
      ['extra claims', 'ok', HEADER, { ...good(), admin: true, jti: 'x' }],
    ];
    for (const [name, outcome, header, payload] of cases) {
      const token = forge(header, payload);
      const result = await service.verify(token);
      expect(result, name).toEqual(await joseVerify(token));
      expect(result.ok ? 'ok' : result.reason, name).toBe(outcome);
    }
  });

  it('refuses critical header extensions (none is ours), as jose does for ones it does not know', async () => {
    at = T0;
    for (const header of [
      { ...HEADER, crit: ['b64'], b64: true },
      { ...HEADER, crit: ['exp'] },
      { ...HEADER, crit: ['x-isaac'], 'x-isaac': 1 },
    ]) {
      const token = forge(header, good());
      expect(await service.verify(token), JSON.stringify(header)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('refresh verification still checks signature, issuer and audience', async () => {
    at = T0;
    for (const payload of [
      { ...good(), iss: 'someone' },
      { ...good(), aud: 'other' },
    ]) {
      const token = forge(HEADER, payload);
      expect(await service.verifyIgnoringExpiry(token)).toEqual({ ok: false, reason: 'invalid' });
      expect(await joseVerify(token, true)).toEqual({ ok: false, reason: 'invalid' });
    }
    const expired = forge(HEADER, { ...good(), exp: now() - 10 });
    expect(await service.verifyIgnoringExpiry(expired)).toEqual({ ok: true, claims: CLAIMS });
    expect(await joseVerify(expired, true)).toEqual({ ok: true, claims: CLAIMS });
  });

  it('signs with jose: a token jose itself accepts with the secret', async () => {
    at = T0;
    const token = await service.sign(CLAIMS);
    const { payload, protectedHeader } = await jwtVerify(token, key, { currentDate: T0 });
    expect(protectedHeader).toEqual(HEADER);
    expect(payload).toMatchObject({ ...CLAIMS, iss: 'isaac-api', aud: 'isaac-web', exp: now() + 1800 });
    // And a token signed by jose directly (not through the service) verifies here.
    const direct = await new SignJWT({ sid: 's', role: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u')
      .setIssuer('isaac-api')
      .setAudience('isaac-web')
      .setExpirationTime(now() + 60)
      .sign(key);
    expect(await service.verify(direct)).toEqual({ ok: true, claims: { sub: 'u', sid: 's', role: 1 } });
  });
});
