import { CSRF_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@isaac/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  SESSION_ENDED_MESSAGE,
  apiRequest,
  errorMessage,
  fetchCsrfToken,
  getCsrfToken,
  getToken,
  onSessionEnded,
} from './api-client';

const API = 'http://api.test';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function headersOf(init: RequestInit): Record<string, string> {
  return (init.headers ?? {}) as Record<string, string>;
}

let fetchMock: ReturnType<typeof vi.fn<Handler>>;
let sessionEnded: ReturnType<typeof vi.fn<(message: string) => void>>;
let unsubscribe: () => void;

function route(handler: Handler) {
  fetchMock.mockImplementation(async (url, init) => handler(url, init));
}

beforeEach(() => {
  window.__ISAAC_CONFIG__ = { apiUrl: API };
  localStorage.clear();
  fetchMock = vi.fn<Handler>();
  vi.stubGlobal('fetch', fetchMock);
  sessionEnded = vi.fn<(message: string) => void>();
  unsubscribe = onSessionEnded(sessionEnded);
});

afterEach(() => {
  unsubscribe();
  vi.unstubAllGlobals();
  delete window.__ISAAC_CONFIG__;
});

describe('headers', () => {
  it('sends the bearer token, JSON and credentials on a GET, without a CSRF header', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    route(() => json(200, { devices: [] }));

    await expect(apiRequest('/api/devices?page=1')).resolves.toEqual({ devices: [] });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`${API}/api/devices?page=1`);
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(headersOf(init).Authorization).toBe('Bearer tok-1');
    expect(headersOf(init)['x-csrf-token']).toBeUndefined();
  });

  it('sends no Authorization header when no token is stored', async () => {
    route(() => json(200, { ok: true }));
    await apiRequest('/api/anything');
    expect(headersOf(fetchMock.mock.calls[0]![1]).Authorization).toBeUndefined();
  });

  it('fetches and stores the CSRF token before the first mutation, then reuses it', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    route((url) =>
      url.endsWith('/auth/csrf-token') ? json(200, { csrf_token: 'csrf-1' }) : json(201, { _id: 'r1' }),
    );

    await apiRequest('/api/rooms', { method: 'POST', body: { name: 'Den', type: 'bedroom' } });
    await apiRequest('/api/rooms', { method: 'POST', body: { name: 'Hall', type: 'bedroom' } });

    const urls = fetchMock.mock.calls.map(([url]) => url);
    expect(urls).toEqual([`${API}/auth/csrf-token`, `${API}/api/rooms`, `${API}/api/rooms`]);
    expect(fetchMock.mock.calls[0]![1].credentials).toBe('include');
    expect(getCsrfToken()).toBe('csrf-1');
    const init = fetchMock.mock.calls[1]![1];
    expect(headersOf(init)['x-csrf-token']).toBe('csrf-1');
    expect(headersOf(init)['Content-Type']).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ name: 'Den', type: 'bedroom' }));
  });

  it('sends no Content-Type on a mutation without a body', async () => {
    localStorage.setItem(CSRF_STORAGE_KEY, 'csrf-1');
    route(() => json(200, { message: 'ok' }));
    await apiRequest('/api/devices/d1/toggle', { method: 'POST' });
    const init = fetchMock.mock.calls[0]![1];
    expect(headersOf(init)['Content-Type']).toBeUndefined();
    expect(init.body).toBeUndefined();
  });

  it('refetches the CSRF token once and retries when the server says csrf_required', async () => {
    localStorage.setItem(CSRF_STORAGE_KEY, 'stale');
    let posts = 0;
    route((url, init) => {
      if (url.endsWith('/auth/csrf-token')) return json(200, { csrf_token: 'fresh' });
      posts += 1;
      return headersOf(init)['x-csrf-token'] === 'fresh'
        ? json(200, { ok: true })
        : json(403, { error: 'csrf_required', message: 'CSRF token missing or invalid' });
    });

    await expect(apiRequest('/api/rooms', { method: 'POST', body: {} })).resolves.toEqual({ ok: true });
    expect(posts).toBe(2);
    expect(getCsrfToken()).toBe('fresh');
  });

  it("throws 'Failed to fetch CSRF token' when the CSRF call fails, without sending the mutation", async () => {
    route(() => json(500, { error: 'internal_error', message: 'boom' }));
    await expect(apiRequest('/auth/login', { method: 'POST', body: {} })).rejects.toThrow(
      'Failed to fetch CSRF token',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("throws 'Failed to fetch CSRF token' on a network failure", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(fetchCsrfToken()).rejects.toThrow('Failed to fetch CSRF token');
  });
});

describe('401 handling', () => {
  it('authorization_required: clears the token, tells the auth layer the message, and throws', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    route(() => json(401, { error: 'authorization_required', message: 'Please sign in' }));

    const err = await apiRequest('/api/dashboard').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
    expect((err as ApiError).message).toBe('Please sign in');
    expect(getToken()).toBeNull();
    expect(sessionEnded).toHaveBeenCalledWith('Please sign in');
  });

  it('a 401 with no stored token ends the session', async () => {
    route(() => json(401, { error: 'invalid_token', message: 'Invalid token' }));
    await expect(apiRequest('/api/dashboard')).rejects.toThrow('Invalid token');
    expect(sessionEnded).toHaveBeenCalledWith('Invalid token');
  });

  it('a 401 without a body uses the generic session-ended message', async () => {
    route(() => new Response(null, { status: 401 }));
    await expect(apiRequest('/api/dashboard')).rejects.toThrow('Unauthorized');
    expect(sessionEnded).toHaveBeenCalledWith(SESSION_ENDED_MESSAGE);
  });

  it('other 401 with a token: throws the server message, keeps the token', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    route(() => json(401, { error: 'invalid_token', message: 'Invalid token' }));
    await expect(apiRequest('/api/dashboard')).rejects.toThrow('Invalid token');
    expect(getToken()).toBe('tok-1');
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it("other 401 without a message: 'Unauthorized'", async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    route(() => json(401, { error: 'something_else' }));
    await expect(apiRequest('/api/dashboard')).rejects.toThrow('Unauthorized');
  });

  it('the sign-in call (handleUnauthorized: false) never ends the session', async () => {
    localStorage.setItem(CSRF_STORAGE_KEY, 'csrf-1');
    route(() => json(401, { error: 'invalid_credentials', message: 'Invalid email or password' }));
    const err = await apiRequest('/auth/login', {
      method: 'POST',
      body: {},
      handleUnauthorized: false,
    }).catch((e: unknown) => e);
    expect(errorMessage(err, 'fallback')).toBe('Invalid email or password');
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('token_expired: refreshes once, stores the new token, and retries the call with it', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'old');
    localStorage.setItem(CSRF_STORAGE_KEY, 'csrf-1');
    route((url, init) => {
      if (url.endsWith('/auth/refresh-token')) {
        expect(headersOf(init).Authorization).toBe('Bearer old');
        expect(headersOf(init)['x-csrf-token']).toBe('csrf-1');
        return json(200, { token: 'new' });
      }
      return headersOf(init).Authorization === 'Bearer new'
        ? json(200, { stats: 1 })
        : json(401, { error: 'token_expired', message: 'Token has expired' });
    });

    await expect(apiRequest('/api/dashboard')).resolves.toEqual({ stats: 1 });
    expect(getToken()).toBe('new');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      `${API}/api/dashboard`,
      `${API}/auth/refresh-token`,
      `${API}/api/dashboard`,
    ]);
  });

  it("recognises an expired token by the message 'Token has expired' alone", async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'old');
    localStorage.setItem(CSRF_STORAGE_KEY, 'csrf-1');
    route((url, init) => {
      if (url.endsWith('/auth/refresh-token')) return json(200, { token: 'new' });
      return headersOf(init).Authorization === 'Bearer new'
        ? json(200, { ok: true })
        : json(401, { error: 'unauthorized', message: 'Token has expired, sign in again' });
    });
    await expect(apiRequest('/api/devices')).resolves.toEqual({ ok: true });
  });

  it('the refresh itself gets a new CSRF token once when the old one is rejected', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'old');
    localStorage.setItem(CSRF_STORAGE_KEY, 'stale');
    route((url, init) => {
      if (url.endsWith('/auth/csrf-token')) return json(200, { csrf_token: 'fresh' });
      if (url.endsWith('/auth/refresh-token')) {
        return headersOf(init)['x-csrf-token'] === 'fresh'
          ? json(200, { token: 'new' })
          : json(403, { error: 'csrf_required', message: 'CSRF token missing or invalid' });
      }
      return headersOf(init).Authorization === 'Bearer new'
        ? json(200, { ok: true })
        : json(401, { error: 'token_expired', message: 'Token has expired' });
    });
    await expect(apiRequest('/api/devices')).resolves.toEqual({ ok: true });
    expect(getToken()).toBe('new');
  });

  it('refresh fails: clears the token, tells the auth layer, and throws', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'old');
    localStorage.setItem(CSRF_STORAGE_KEY, 'csrf-1');
    route((url) =>
      url.endsWith('/auth/refresh-token')
        ? json(401, { error: 'authorization_required', message: 'Session revoked' })
        : json(401, { error: 'token_expired', message: 'Token has expired' }),
    );

    await expect(apiRequest('/api/devices')).rejects.toThrow('Token has expired');
    expect(getToken()).toBeNull();
    expect(sessionEnded).toHaveBeenCalledTimes(1);
    expect(sessionEnded).toHaveBeenCalledWith('Token has expired');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('retries only once: a second token_expired after a successful refresh ends the session', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'old');
    localStorage.setItem(CSRF_STORAGE_KEY, 'csrf-1');
    route((url) =>
      url.endsWith('/auth/refresh-token')
        ? json(200, { token: 'new' })
        : json(401, { error: 'token_expired', message: 'Token has expired' }),
    );

    await expect(apiRequest('/api/devices')).rejects.toThrow('Token has expired');
    const refreshes = fetchMock.mock.calls.filter(([url]) => url.endsWith('/auth/refresh-token'));
    expect(refreshes).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(getToken()).toBeNull();
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('concurrent expired calls share a single refresh', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'old');
    localStorage.setItem(CSRF_STORAGE_KEY, 'csrf-1');
    let releaseRefresh: () => void = () => undefined;
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    route(async (url, init) => {
      if (url.endsWith('/auth/refresh-token')) {
        await refreshGate;
        return json(200, { token: 'new' });
      }
      return headersOf(init).Authorization === 'Bearer new'
        ? json(200, { url })
        : json(401, { error: 'token_expired', message: 'Token has expired' });
    });

    const calls = Promise.all([apiRequest('/api/a'), apiRequest('/api/b'), apiRequest('/api/c')]);
    await vi.waitFor(() => {
      expect(fetchMock.mock.calls.filter(([url]) => url.endsWith('/auth/refresh-token')).length).toBe(1);
      expect(fetchMock.mock.calls.length).toBe(4);
    });
    releaseRefresh();

    await expect(calls).resolves.toEqual([
      { url: `${API}/api/a` },
      { url: `${API}/api/b` },
      { url: `${API}/api/c` },
    ]);
    expect(fetchMock.mock.calls.filter(([url]) => url.endsWith('/auth/refresh-token'))).toHaveLength(1);
  });
});

describe('other failures', () => {
  it("throws 'HTTP error! status: 500' and keeps the server's code, message and details", async () => {
    route(() =>
      json(500, {
        error: 'internal_error',
        message: 'Something broke',
        details: [{ path: 'x', message: 'y' }],
      }),
    );
    const err = await apiRequest('/api/devices').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const apiErr = err as ApiError;
    expect(apiErr.message).toBe('HTTP error! status: 500');
    expect(apiErr.status).toBe(500);
    expect(apiErr.code).toBe('internal_error');
    expect(apiErr.serverMessage).toBe('Something broke');
    expect(apiErr.details).toEqual([{ path: 'x', message: 'y' }]);
  });

  it("a non-JSON failure still reads 'HTTP error! status: {code}'", async () => {
    route(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiRequest('/api/devices')).rejects.toThrow('HTTP error! status: 502');
  });

  it('errorMessage: the server message first, else the fallback', () => {
    const withMessage = new ApiError('HTTP error! status: 409', {
      status: 409,
      serverMessage: 'Email taken',
    });
    const without = new ApiError('HTTP error! status: 500', { status: 500 });
    expect(errorMessage(withMessage, 'Failed to add user')).toBe('Email taken');
    expect(errorMessage(without, 'Failed to add user')).toBe('Failed to add user');
    expect(errorMessage(new TypeError('Failed to fetch'), 'Failed to add user')).toBe('Failed to add user');
  });

  it('resolves undefined for 204 No Content', async () => {
    localStorage.setItem(CSRF_STORAGE_KEY, 'csrf-1');
    route(() => new Response(null, { status: 204 }));
    await expect(apiRequest('/api/admin/users/u1', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});

describe('the early current-user request (started by the SPA fallback before the scripts loaded)', () => {
  afterEach(() => {
    delete window.__ISAAC_EARLY__;
  });

  it('is adopted by the first call for its path with the same token, once, and goes through the usual handling', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    const user = { _id: 'u1' };
    window.__ISAAC_EARLY__ = {
      path: '/auth/current-user',
      token: 'tok-1',
      response: Promise.resolve(json(200, { user })),
    };
    route(() => json(200, { user: { _id: 'fetched' } }));

    // Another path first: the early response stays for its own path.
    await apiRequest('/api/dashboard');
    expect(window.__ISAAC_EARLY__).toBeDefined();
    await expect(apiRequest('/auth/current-user')).resolves.toEqual({ user });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([`${API}/api/dashboard`]);
    // Taken once: the next call asks the server.
    await expect(apiRequest('/auth/current-user')).resolves.toEqual({ user: { _id: 'fetched' } });
  });

  it('ends the session on an early 401 like on any other', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    window.__ISAAC_EARLY__ = {
      path: '/auth/current-user',
      token: 'tok-1',
      response: Promise.resolve(json(401, { error: 'authorization_required', message: 'Session revoked' })),
    };
    await expect(apiRequest('/auth/current-user')).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
    expect(sessionEnded).toHaveBeenCalledWith('Session revoked');
  });

  it('is dropped when another token is stored by now, and made again when it failed on the network', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-2');
    window.__ISAAC_EARLY__ = {
      path: '/auth/current-user',
      token: 'tok-1',
      response: Promise.resolve(json(200, { user: { _id: 'old' } })),
    };
    route((_url, init) => json(200, { user: { _id: headersOf(init).Authorization } }));
    await expect(apiRequest('/auth/current-user')).resolves.toEqual({ user: { _id: 'Bearer tok-2' } });
    expect(window.__ISAAC_EARLY__).toBeUndefined();

    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => undefined);
    window.__ISAAC_EARLY__ = { path: '/auth/current-user', token: 'tok-2', response: failed };
    await expect(apiRequest('/auth/current-user')).resolves.toEqual({ user: { _id: 'Bearer tok-2' } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
