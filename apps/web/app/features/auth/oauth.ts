import type { OAuthParams } from '@isaac/contract';
import { runtimeConfig } from '~/lib/config';

/** The optional parameters of an authorization request: the spec's three, and PKCE's two (ADR 035). */
const OPTIONAL_KEYS = ['response_type', 'scope', 'state', 'code_challenge', 'code_challenge_method'] as const;

/**
 * Voice-assistant account linking (spec section 2, "Login"): OAuth mode applies when the query has
 * client_id and redirect_uri; response_type, scope and state (and PKCE's code_challenge and
 * code_challenge_method) are read too and sent as oauth_params.
 */
export function oauthParamsFrom(search: URLSearchParams): NonNullable<OAuthParams> | null {
  const clientId = search.get('client_id');
  const redirectUri = search.get('redirect_uri');
  if (!clientId || !redirectUri) return null;
  const params: NonNullable<OAuthParams> = { client_id: clientId, redirect_uri: redirectUri };
  for (const key of OPTIONAL_KEYS) {
    const value = search.get(key);
    if (value !== null) params[key] = value;
  }
  return params;
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** The product's own hosts: the site serving this page and the API host. */
export function productHosts(): string[] {
  const hosts = new Set<string>();
  if (typeof window !== 'undefined') hosts.add(window.location.hostname.toLowerCase());
  const api = hostOf(runtimeConfig().apiUrl);
  if (api) hosts.add(api);
  return [...hosts];
}

/**
 * The login result's redirect is followed only when it starts with http and points to the product's own
 * domain (one of `hosts` or a subdomain of one); anything else gets 'Invalid redirect URL. Please try again.'
 */
export function isTrustedRedirect(redirect: string, hosts: readonly string[] = productHosts()): boolean {
  if (!/^https?:\/\//i.test(redirect)) return false;
  const host = hostOf(redirect);
  if (!host) return false;
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/** An authorization request as a query string (the same parameters: /login ↔ the consent screen). */
export function oauthQuery(params: NonNullable<OAuthParams>): string {
  const query = new URLSearchParams({ client_id: params.client_id, redirect_uri: params.redirect_uri });
  for (const key of OPTIONAL_KEYS) {
    const value = params[key];
    if (value !== undefined) query.set(key, value);
  }
  return query.toString();
}
