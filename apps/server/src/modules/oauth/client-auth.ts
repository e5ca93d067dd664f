/**
 * Client authentication by HTTP Basic (RFC 6749 §2.3.1): the client id and secret are each encoded with
 * the application/x-www-form-urlencoded algorithm, joined by a colon, then base64-encoded. The token and
 * revocation endpoints both read them here, so a client (oauth4webapi escapes `-`, `_`, `.`, `~`, `!`…) is
 * recognised alike by both (ADR 050).
 */

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** The form-urlencoded decoding of one value (`+` is a space), or null when its escapes are malformed. */
function formDecode(value: string): string | null {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * The credentials of an `Authorization: Basic …` header: undefined when the request has no Basic
 * credentials, 'invalid' when it has but they cannot be read (not base64 of `id:secret`, bad escapes).
 */
export function basicClientCredentials(
  authorization: string | undefined,
): ClientCredentials | 'invalid' | undefined {
  const match = /^Basic\s+(\S*)\s*$/i.exec(authorization ?? '');
  if (!match) return undefined;
  const encoded = match[1] ?? '';
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return 'invalid';
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return 'invalid';
  const clientId = formDecode(decoded.slice(0, colon));
  const clientSecret = formDecode(decoded.slice(colon + 1));
  if (clientId === null || clientSecret === null || clientId === '') return 'invalid';
  return { clientId, clientSecret };
}

/**
 * The same credentials as @node-oauth/oauth2-server's Basic parser reads them (it does not form-decode):
 * base64 of `id:secret` as they are. A client id holding a colon cannot be passed on (none can be
 * registered: client ids are `[A-Za-z0-9._-]`), so it is null.
 */
export function rawBasicAuthorization({ clientId, clientSecret }: ClientCredentials): string | null {
  if (clientId.includes(':')) return null;
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`, 'utf8').toString('base64')}`;
}
