/**
 * The one API client (DESIGN.md, web rules): the transport semantics of spec section 8.
 *
 * - JSON in and out, relative to the runtime API base URL, with credentials (the CSRF cookie).
 * - `Authorization: Bearer <token>` whenever a token is stored.
 * - `X-CSRF-Token` on every mutation; fetched from `GET /auth/csrf-token` when none is stored, and
 *   fetched again (once) when the server answers 403 `csrf_required`.
 * - 401 `authorization_required`, or a 401 while no token is stored: the token is cleared and the auth
 *   layer is told (it sends the user to /login with the message).
 * - 401 `token_expired` (or a message containing 'Token has expired'): one shared refresh, then the
 *   original call is retried once; if the refresh fails the token is cleared and the auth layer is told.
 * - Any other 401: the server message, else 'Unauthorized'. Any other failure: 'HTTP error! status: {code}',
 *   with the server's code, message and details kept on the `ApiError` for screens that show them.
 */
import {
  API_MSG,
  CSRF_HEADER,
  IDEMPOTENCY_HEADER,
  CSRF_STORAGE_KEY,
  ERROR_CODE,
  MSG,
  TOKEN_EXPIRED_MESSAGE,
  TOKEN_STORAGE_KEY,
} from '@isaac/contract';
import { runtimeConfig } from './config';
import type { UploadProgress } from './xhr-fetch';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** Sent as JSON; a `FormData` body is sent as multipart unchanged. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Whether a 401 may end the session (clear the token and send the user to /login). Defaults to true;
   * the sign-in call sets it to false so wrong credentials only produce an error message.
   */
  handleUnauthorized?: boolean;
  /**
   * Reports the request body's upload progress: the call is then made with XMLHttpRequest (fetch has
   * no upload progress), with the same semantics. For `FormData` uploads (firmware).
   */
  onUploadProgress?: (progress: UploadProgress) => void;
  /**
   * Sent as the Idempotency-Key header (ADR 070): a write sent again with the same key (the offline queue
   * retrying after a lost answer) gets the first answer and is not applied twice.
   */
  idempotencyKey?: string;
}

export interface ApiErrorDetail {
  path: string;
  message: string;
}

/** A failed call. `message` follows the spec; the server's own words stay available beside it. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's error code (`error` in the body), e.g. `validation_error`. */
  readonly code: string | undefined;
  /** The server's human message (`message` in the body). */
  readonly serverMessage: string | undefined;
  readonly details: ApiErrorDetail[] | undefined;

  constructor(
    message: string,
    init: { status: number; code?: string; serverMessage?: string; details?: ApiErrorDetail[] },
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.details = init.details;
  }
}

/** "Server message first, else fallback" (spec section 8, dashboard failures). */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.serverMessage) return err.serverMessage;
  return fallback;
}

/** A change attempted with no network (navigator.onLine false). */
export const OFFLINE_MESSAGE = 'You are offline: this needs the network. Try again once you are back online.';

/** Whether a call failed for want of the network (fetch rejects with a TypeError; offline, see above). */
export function isNetworkFailure(err: unknown): boolean {
  return err instanceof TypeError || (err instanceof ApiError && err.code === 'offline');
}

/** The message shown on /login when a call ends the session without the server saying why. */
export const SESSION_ENDED_MESSAGE = API_MSG.sessionEnded;

// ---------------------------------------------------------------------------------------------------
// Stored tokens (spec section 9: the session token under a product key, the CSRF token under csrf_token)

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function getToken(): string | null {
  return storage()?.getItem(TOKEN_STORAGE_KEY) ?? null;
}

export function setToken(token: string): void {
  storage()?.setItem(TOKEN_STORAGE_KEY, token);
}

export function clearToken(): void {
  storage()?.removeItem(TOKEN_STORAGE_KEY);
}

export function getCsrfToken(): string | null {
  return storage()?.getItem(CSRF_STORAGE_KEY) ?? null;
}

export function setCsrfToken(token: string): void {
  storage()?.setItem(CSRF_STORAGE_KEY, token);
}

export function clearCsrfToken(): void {
  storage()?.removeItem(CSRF_STORAGE_KEY);
}

// ---------------------------------------------------------------------------------------------------
// Session-ended notifications: the auth layer listens and sends the user to /login with the message.

type SessionEndedListener = (message: string) => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/** Called whenever a call ends the session (token already cleared). Returns an unsubscribe function. */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => {
    sessionEndedListeners.delete(listener);
  };
}

function endSession(message: string): void {
  clearToken();
  for (const listener of [...sessionEndedListeners]) listener(message);
}

// ---------------------------------------------------------------------------------------------------
// Transport

const MUTATING: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function apiUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${runtimeConfig().apiUrl}${path.startsWith('/') ? path : `/${path}`}`;
}

interface ErrorBodyFields {
  error?: string;
  message?: string;
  details?: ApiErrorDetail[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function errorFields(body: unknown): ErrorBodyFields {
  if (!isRecord(body)) return {};
  const fields: ErrorBodyFields = {};
  if (typeof body.error === 'string') fields.error = body.error;
  if (typeof body.message === 'string') fields.message = body.message;
  if (Array.isArray(body.details)) {
    fields.details = body.details.filter(
      (d): d is ApiErrorDetail => isRecord(d) && typeof d.path === 'string' && typeof d.message === 'string',
    );
  }
  return fields;
}

/** The body as JSON when there is one; undefined for an empty body; the raw text otherwise. */
async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

let csrfInFlight: Promise<string> | null = null;

/** `GET /auth/csrf-token` (with credentials): stores and returns the token. Concurrent callers share one call. */
export function fetchCsrfToken(signal?: AbortSignal): Promise<string> {
  csrfInFlight ??= (async () => {
    try {
      const response = await fetch(apiUrl('/auth/csrf-token'), {
        method: 'GET',
        credentials: 'include',
        headers: { Accept: 'application/json' },
        signal,
      });
      if (!response.ok) throw new Error(MSG.csrfFetchFailed);
      const body = await readBody(response);
      const token = isRecord(body) ? body.csrf_token : undefined;
      if (typeof token !== 'string' || !token) throw new Error(MSG.csrfFetchFailed);
      setCsrfToken(token);
      return token;
    } catch {
      throw new Error(MSG.csrfFetchFailed);
    } finally {
      csrfInFlight = null;
    }
  })();
  return csrfInFlight;
}

async function csrfTokenFor(signal?: AbortSignal): Promise<string> {
  return getCsrfToken() ?? fetchCsrfToken(signal);
}

function send(
  path: string,
  method: HttpMethod,
  body: unknown,
  csrf: string | null,
  signal?: AbortSignal,
  onUploadProgress?: (progress: UploadProgress) => void,
  idempotencyKey?: string,
) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (csrf) headers[CSRF_HEADER] = csrf;
  if (idempotencyKey) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (onUploadProgress) {
    // Loaded with the first upload only (the firmware dialog): no page's first load carries it.
    return import('./xhr-fetch').then(({ xhrFetch }) =>
      xhrFetch(
        apiUrl(path),
        {
          method,
          headers,
          body: payload as XMLHttpRequestBodyInit | undefined,
          credentials: 'include',
          signal,
        },
        onUploadProgress,
      ),
    );
  }
  return fetch(apiUrl(path), { method, headers, body: payload, credentials: 'include', signal });
}

/**
 * A request the page started before the app's scripts loaded: the web server's SPA fallback asks for the
 * signed-in user as soon as its HTML is parsed, with the stored token (apps/server/src/web-server.ts,
 * EARLY_CURRENT_USER_SCRIPT), and leaves the pending response here.
 */
interface EarlyRequest {
  path: string;
  token: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __ISAAC_EARLY__?: EarlyRequest;
  }
}

/**
 * The early response for `GET path` with `token`, once: the first call for its path takes it (or drops it
 * when another token is stored by now). A failed early request (network) is made again as usual.
 */
function takeEarlyResponse(path: string, token: string | null): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const early = window.__ISAAC_EARLY__;
  if (!early || early.path !== path) return undefined;
  delete window.__ISAAC_EARLY__;
  return early.token === token ? early.response : undefined;
}

let refreshInFlight: Promise<string> | null = null;

/**
 * `POST /auth/refresh-token`: stores and returns the new token. Concurrent callers (several calls that
 * all met `token_expired`, or the 25-minute timer) share one refresh.
 */
export function refreshToken(): Promise<string> {
  refreshInFlight ??= (async () => {
    try {
      let response = await send('/auth/refresh-token', 'POST', undefined, await csrfTokenFor());
      let body = await readBody(response);
      if (response.status === 403 && errorFields(body).error === ERROR_CODE.csrfRequired) {
        // The CSRF cookie expired: fetch a new pair once and try again.
        clearCsrfToken();
        response = await send('/auth/refresh-token', 'POST', undefined, await fetchCsrfToken());
        body = await readBody(response);
      }
      const token = isRecord(body) ? body.token : undefined;
      if (!response.ok || typeof token !== 'string' || !token) {
        const fields = errorFields(body);
        throw new ApiError(fields.message ?? MSG.unauthorized, {
          status: response.status,
          code: fields.error,
          serverMessage: fields.message,
          details: fields.details,
        });
      }
      setToken(token);
      return token;
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
}

function isTokenExpired(fields: ErrorBodyFields): boolean {
  return (
    fields.error === ERROR_CODE.tokenExpired || (fields.message?.includes(TOKEN_EXPIRED_MESSAGE) ?? false)
  );
}

/** One API call with the spec's transport semantics. Resolves with the parsed JSON body. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const handleUnauthorized = options.handleUnauthorized ?? true;
  const { body, signal, onUploadProgress, idempotencyKey } = options;
  const mutation = MUTATING.has(method);
  // A change sent with no network fails at once and says why (owner commands need the network, ADR 070);
  // the electrician's changes are queued before they get here (lib/offline/outbox.ts).
  if (mutation && typeof navigator !== 'undefined' && navigator.onLine === false) {
    throw new ApiError(OFFLINE_MESSAGE, { status: 0, code: 'offline', serverMessage: OFFLINE_MESSAGE });
  }

  let csrf = mutation ? await csrfTokenFor(signal) : null;
  let csrfRetried = false;
  let refreshed = false;

  let early = method === 'GET' && body === undefined ? takeEarlyResponse(path, getToken()) : undefined;

  for (;;) {
    const hadToken = getToken() !== null;
    const response = early
      ? await early.catch(() => send(path, method, body, csrf, signal))
      : await send(path, method, body, csrf, signal, onUploadProgress, idempotencyKey);
    early = undefined;
    const data = await readBody(response);
    if (response.ok) return data as T;

    const fields = errorFields(data);

    if (response.status === 403 && mutation && fields.error === ERROR_CODE.csrfRequired && !csrfRetried) {
      csrfRetried = true;
      clearCsrfToken();
      csrf = await fetchCsrfToken(signal);
      continue;
    }

    if (response.status === 401) {
      if (handleUnauthorized && hadToken && isTokenExpired(fields) && !refreshed) {
        refreshed = true;
        try {
          await refreshToken();
        } catch {
          endSession(fields.message ?? SESSION_ENDED_MESSAGE);
          throw unauthorizedError(fields);
        }
        continue;
      }
      if (
        handleUnauthorized &&
        (fields.error === ERROR_CODE.authorizationRequired || !hadToken || isTokenExpired(fields))
      ) {
        endSession(fields.message ?? SESSION_ENDED_MESSAGE);
      }
      throw unauthorizedError(fields);
    }

    throw new ApiError(MSG.httpError(response.status), {
      status: response.status,
      code: fields.error,
      serverMessage: fields.message,
      details: fields.details,
    });
  }
}

function unauthorizedError(fields: ErrorBodyFields): ApiError {
  return new ApiError(fields.message ?? MSG.unauthorized, {
    status: 401,
    code: fields.error,
    serverMessage: fields.message,
    details: fields.details,
  });
}

/**
 * A file from the API (GET, with the session's bearer token, which a plain link could not send): the invoice
 * PDF. A session whose token expired is refreshed once; an error answer is an ApiError with the server's message.
 */
export async function apiBlob(path: string): Promise<Blob> {
  const attempt = () => send(path, 'GET', undefined, null);
  let response = await attempt();
  if (response.status === 401 && getToken()) {
    const fields = errorFields(await readBody(response.clone()));
    if (isTokenExpired(fields)) {
      await refreshToken();
      response = await attempt();
    }
  }
  if (!response.ok) {
    const fields = errorFields(await readBody(response));
    throw new ApiError(fields.message ?? MSG.httpError(response.status), {
      status: response.status,
      code: fields.error,
      serverMessage: fields.message,
      details: fields.details,
    });
  }
  return response.blob();
}
