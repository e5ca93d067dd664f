import { AUTH_PATHS, DEMO_VOICE_CLIENT_ID, OAUTH_SCOPE } from '@isaac/contract';
import { runtimeConfig } from '~/lib/config';

/**
 * The demo voice client (issue 12): what Google or Alexa do when an owner links Isaac, done from a page of
 * the product so linking can be tried without them — a public OAuth client with PKCE (S256), whose redirect
 * URI is /voice-demo. Its tokens live in this tab only (sessionStorage), never in the product's own storage.
 */

const STORAGE_KEY = 'isaac.voice-demo';

export interface DemoTokens {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
  token_type?: string;
  scope?: string;
}

export interface DemoSession {
  /** PKCE verifier and state of the linking in progress. */
  verifier?: string;
  state?: string;
  tokens?: DemoTokens;
}

export function loadSession(): DemoSession {
  try {
    return JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as DemoSession;
  } catch {
    return {};
  }
}

export function saveSession(session: DemoSession): void {
  window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(session));
}

function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const randomText = (length: number) => base64url(crypto.getRandomValues(new Uint8Array(length)));

/** A PKCE pair (RFC 7636): a random verifier and its S256 challenge. */
export async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = randomText(32);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64url(new Uint8Array(digest)) };
}

export const redirectUri = () => `${window.location.origin}${AUTH_PATHS.voiceDemo}`;

/** Starts linking: remembers the verifier and state, and returns the authorization URL (/login in OAuth mode). */
export async function startLinking(): Promise<string> {
  const { verifier, challenge } = await pkcePair();
  const state = randomText(12);
  saveSession({ verifier, state });
  const query = new URLSearchParams({
    client_id: DEMO_VOICE_CLIENT_ID,
    redirect_uri: redirectUri(),
    response_type: 'code',
    scope: OAUTH_SCOPE,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return `${AUTH_PATHS.login}?${query}`;
}

/** A call the assistant's server would make: the status and the JSON body as they came. */
export interface DemoAnswer {
  status: number;
  body: unknown;
}

async function answerOf(response: Response): Promise<DemoAnswer> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: shown as text
  }
  return { status: response.status, body };
}

/** POST /api/oauth/token (form-encoded): the code exchange (with the PKCE verifier) or a refresh. */
export async function tokenRequest(form: Record<string, string>): Promise<DemoAnswer> {
  const response = await fetch(`${runtimeConfig().apiUrl}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: DEMO_VOICE_CLIENT_ID, ...form }).toString(),
  });
  return answerOf(response);
}

export function exchangeCode(code: string, verifier: string): Promise<DemoAnswer> {
  return tokenRequest({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri(),
    code_verifier: verifier,
  });
}

/** A Google smart-home intent (action.devices.SYNC / QUERY / EXECUTE) with the access token. */
export async function sendIntent(accessToken: string, input: Record<string, unknown>): Promise<DemoAnswer> {
  const response = await fetch(`${runtimeConfig().apiUrl}/api/voice/google`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ requestId: randomText(8), inputs: [input] }),
  });
  return answerOf(response);
}

/** The endpoints a SYNC answer lists (id, name, type, whether it turns on and off). */
export interface SyncedEndpoint {
  id: string;
  name: string;
  type: string;
  room: string | null;
  onOff: boolean;
}

export function endpointsOf(sync: unknown): SyncedEndpoint[] {
  const devices = (sync as { payload?: { devices?: unknown[] } } | null)?.payload?.devices;
  if (!Array.isArray(devices)) return [];
  return devices.flatMap((raw) => {
    const device = raw as {
      id?: string;
      name?: { name?: string };
      type?: string;
      roomHint?: string;
      traits?: string[];
    };
    if (typeof device.id !== 'string') return [];
    return [
      {
        id: device.id,
        name: device.name?.name ?? device.id,
        type: (device.type ?? '').replace('action.devices.types.', ''),
        room: device.roomHint ?? null,
        onOff: device.traits?.includes('action.devices.traits.OnOff') ?? false,
      },
    ];
  });
}
