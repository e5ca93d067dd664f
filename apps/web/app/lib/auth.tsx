/**
 * Who is signed in (spec section 4, "Auth"): the token lives in localStorage; on load, when a token is
 * stored, the current user is fetched. Auth failures (any 401: authorization_required, invalid_token,
 * token expired after a failed refresh) remove the token; other failures keep it so the user can retry.
 * The token is refreshed every 25 minutes while signed in.
 *
 * State is one module-level store, so it survives navigation between /login, /debug and the back office;
 * `AuthProvider` runs the side effects (first load, refresh timer) and `useAuth` reads the store.
 */
import { type LoginResponse, type OAuthParams, type User, TOKEN_REFRESH_INTERVAL_MS } from '@isaac/contract';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import {
  ApiError,
  SESSION_ENDED_MESSAGE,
  apiRequest,
  clearToken,
  errorMessage,
  fetchCsrfToken,
  getToken,
  isNetworkFailure,
  onSessionEnded,
  refreshToken,
  setToken,
} from './api-client';

export interface AuthState {
  user: User | null;
  /** True while the stored token's user is being fetched. */
  loading: boolean;
  /** A failure other than an auth failure while fetching the user: the token is kept, Retry is offered. */
  loadError: string | null;
  /** Why the last session ended (e.g. it expired), shown on /login until the next sign-in. */
  notice: string | null;
}

const SERVER_STATE: AuthState = { user: null, loading: true, loadError: null, notice: null };

let state: AuthState =
  typeof window === 'undefined'
    ? SERVER_STATE
    : { user: null, loading: getToken() !== null, loadError: null, notice: null };
let loadedOnce = false;
let loadInFlight: Promise<void> | null = null;
const listeners = new Set<() => void>();
/**
 * What to drop when the session changes (sign-in, sign-out). The back office's TanStack Query cache
 * registers here when its module loads (./query-client): /login and the public pages never load the
 * library, and before it loads there is nothing cached to drop.
 */
const sessionCaches = new Set<() => void>();

/** Registers a cache of the signed-in user's data, cleared on every sign-in and sign-out. */
export function registerSessionCache(clear: () => void): void {
  sessionCaches.add(clear);
}

function clearSessionCaches(): void {
  for (const clear of sessionCaches) clear();
}

function setState(patch: Partial<AuthState>): void {
  state = { ...state, ...patch };
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The signed-in user as last loaded, kept so the back office opens with no network (ADR 070): when the
 * server cannot be reached at all, the stored token's last user is used and loaded again once online.
 */
const OFFLINE_USER_KEY = 'isaac_offline_user';

function rememberUser(user: User): void {
  try {
    localStorage.setItem(OFFLINE_USER_KEY, JSON.stringify(user));
  } catch {
    // storage full or blocked: the app then needs the network to open, as before
  }
}

function rememberedUser(): User | null {
  try {
    const text = localStorage.getItem(OFFLINE_USER_KEY);
    return text ? (JSON.parse(text) as User) : null;
  } catch {
    return null;
  }
}

/** Ends the session locally: token, user and every cached query are dropped. */
function signOutLocally(notice: string | null): void {
  try {
    localStorage.removeItem(OFFLINE_USER_KEY);
  } catch {
    // nothing stored
  }
  clearToken();
  clearSessionCaches();
  setState({ user: null, loading: false, loadError: null, notice });
}

if (typeof window !== 'undefined') {
  // The api-client met a 401 that ends the session: the route guard then sends the user to /login.
  onSessionEnded((message) => signOutLocally(message));
}

/** Fetches the stored token's user (`GET /auth/current-user`); concurrent calls share one request. */
export function loadCurrentUser(): Promise<void> {
  loadInFlight ??= (async () => {
    loadedOnce = true;
    if (getToken() === null) {
      setState({ user: null, loading: false, loadError: null });
      return;
    }
    setState({ loading: true, loadError: null });
    try {
      const { user } = await apiRequest<{ user: User }>('/auth/current-user');
      rememberUser(user);
      setState({ user, loading: false, loadError: null });
    } catch (err) {
      const offlineUser = isNetworkFailure(err) ? rememberedUser() : null;
      if (err instanceof ApiError && err.status === 401) {
        signOutLocally(state.notice ?? err.serverMessage ?? SESSION_ENDED_MESSAGE);
      } else if (offlineUser) {
        // No network: the last user of this browser's session, checked with the server once back online.
        setState({ user: offlineUser, loading: false, loadError: null });
        window.addEventListener('online', () => void loadCurrentUser(), { once: true });
      } else {
        setState({ user: null, loading: false, loadError: errorMessage(err, 'Could not reach the server.') });
      }
    } finally {
      loadInFlight = null;
    }
  })();
  return loadInFlight;
}

/**
 * The second step of a sign-in with two-factor sign-in on (ADR 028): the authenticator's code, or a
 * recovery code. Without one, such an account's sign-in rejects with code `two_factor_required`.
 */
export type SecondFactor = { otp: string } | { recovery_code: string };

/**
 * Signs in: fetches a fresh CSRF token first (its failure, 'Failed to fetch CSRF token', aborts the
 * sign-in), then `POST /auth/login`. Wrong credentials reject with the server's message.
 */
export async function login(
  email: string,
  password: string,
  oauthParams?: OAuthParams,
  secondFactor?: SecondFactor,
): Promise<LoginResponse> {
  await fetchCsrfToken();
  const response = await apiRequest<LoginResponse>('/auth/login', {
    method: 'POST',
    body: { email, password, oauth_params: oauthParams ?? null, ...secondFactor },
    handleUnauthorized: false,
  });
  setToken(response.token);
  rememberUser(response.user);
  clearSessionCaches();
  loadedOnce = true;
  setState({ user: response.user, loading: false, loadError: null, notice: null });
  return response;
}

/** `POST /auth/logout` (the server revokes the session), then token, user and cache are cleared. */
export async function logout(): Promise<void> {
  if (getToken() !== null) {
    try {
      await apiRequest('/auth/logout', { method: 'POST', handleUnauthorized: false });
    } catch {
      // Signing out locally must work even when the server cannot be reached.
    }
  }
  signOutLocally(null);
}

/** Replaces the signed-in user (after they edit their own profile), so the shell shows the new name at once. */
export function setCurrentUser(user: User): void {
  if (state.user && state.user._id === user._id) {
    rememberUser(user);
    setState({ user });
  }
}

/** Refreshes the token now; an auth failure ends the session, a network failure keeps it. */
async function refreshNow(): Promise<void> {
  try {
    await refreshToken();
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
      signOutLocally(err.serverMessage ?? SESSION_ENDED_MESSAGE);
    }
  }
}

/** Loads the current user once and keeps the token fresh while signed in. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const signedIn = useSyncExternalStore(
    subscribe,
    () => state.user !== null,
    () => false,
  );

  useEffect(() => {
    if (!loadedOnce) void loadCurrentUser();
  }, []);

  useEffect(() => {
    if (!signedIn) return;
    const timer = window.setInterval(() => void refreshNow(), TOKEN_REFRESH_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [signedIn]);

  return children;
}

export interface UseAuth extends AuthState {
  authenticated: boolean;
  login: typeof login;
  logout: typeof logout;
  /** Fetch the current user again (Retry after a load failure). */
  reload: () => Promise<void>;
}

export function useAuth(): UseAuth {
  const snapshot = useSyncExternalStore(
    subscribe,
    () => state,
    () => SERVER_STATE,
  );
  return { ...snapshot, authenticated: snapshot.user !== null, login, logout, reload: loadCurrentUser };
}

/** For tests: forget everything (the module store outlives a test). */
export function resetAuthForTests(): void {
  loadedOnce = false;
  loadInFlight = null;
  state = { user: null, loading: getToken() !== null, loadError: null, notice: null };
  for (const listener of [...listeners]) listener();
}
