import { TOKEN_REFRESH_INTERVAL_MS, TOKEN_STORAGE_KEY, type User } from '@isaac/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, login, logout, resetAuthForTests, useAuth } from './auth';
import { queryClient } from './query-client';

const API = 'http://api.test';
const user: User = {
  _id: 'u1',
  name: 'Asha Admin',
  email: 'admin@isaac.demo',
  username: 'admin',
  mobile: null,
  role: 3,
  status: 'active',
  created_at: '2026-01-01T00:00:00.000Z',
  location: null,
  two_factor_enabled: false,
  language: null,
};

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn<Handler>>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function route(handler: Handler) {
  fetchMock.mockImplementation(async (url, init) => handler(url, init));
}

function calledPaths(): string[] {
  return fetchMock.mock.calls.map(([url, init]) => `${init.method ?? 'GET'} ${url.replace(API, '')}`);
}

function Probe() {
  const auth = useAuth();
  return (
    <dl>
      <dt>loading</dt>
      <dd data-testid="loading">{String(auth.loading)}</dd>
      <dt>user</dt>
      <dd data-testid="user">{auth.user?.email ?? 'none'}</dd>
      <dt>error</dt>
      <dd data-testid="error">{auth.loadError ?? 'none'}</dd>
      <dt>notice</dt>
      <dd data-testid="notice">{auth.notice ?? 'none'}</dd>
    </dl>
  );
}

function renderWithProvider() {
  return render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  );
}

beforeEach(() => {
  window.__ISAAC_CONFIG__ = { apiUrl: API };
  localStorage.clear();
  fetchMock = vi.fn<Handler>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  resetAuthForTests();
});

describe('on load', () => {
  it('without a stored token: not loading, nobody signed in, no call made', async () => {
    resetAuthForTests();
    renderWithProvider();
    await waitFor(() => expect(screen.getByTestId('loading')).toHaveTextContent('false'));
    expect(screen.getByTestId('user')).toHaveTextContent('none');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with a stored token: fetches the current user and keeps it', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    resetAuthForTests();
    route(() => json(200, { user }));
    renderWithProvider();
    expect(screen.getByTestId('loading')).toHaveTextContent('true');
    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('admin@isaac.demo'));
    expect(calledPaths()).toEqual(['GET /auth/current-user']);
  });

  it.each([
    ['authorization_required', 'Authorization required'],
    ['invalid_token', 'Invalid token'],
  ])('an auth failure (%s) removes the token', async (error, message) => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    resetAuthForTests();
    route(() => json(401, { error, message }));
    renderWithProvider();
    await waitFor(() => expect(screen.getByTestId('loading')).toHaveTextContent('false'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(screen.getByTestId('user')).toHaveTextContent('none');
    expect(screen.getByTestId('notice')).toHaveTextContent(message);
  });

  it('an expired token whose refresh fails removes the token', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    localStorage.setItem('csrf_token', 'c');
    resetAuthForTests();
    route((url) =>
      url.endsWith('/auth/refresh-token')
        ? json(401, { error: 'authorization_required', message: 'Session ended' })
        : json(401, { error: 'token_expired', message: 'Token has expired' }),
    );
    renderWithProvider();
    await waitFor(() => expect(screen.getByTestId('loading')).toHaveTextContent('false'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('another failure keeps the token and reports the error for a retry', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    resetAuthForTests();
    route(() => json(503, { error: 'unavailable', message: 'Database is starting' }));
    renderWithProvider();
    await waitFor(() => expect(screen.getByTestId('error')).toHaveTextContent('Database is starting'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok');
    expect(screen.getByTestId('user')).toHaveTextContent('none');
  });
});

describe('login and logout', () => {
  it('fetches a CSRF token first, sends oauth_params, stores the token and sets the user', async () => {
    resetAuthForTests();
    route((url, init) => {
      if (url.endsWith('/auth/csrf-token')) return json(200, { csrf_token: 'c1' });
      expect((init.headers as Record<string, string>)['x-csrf-token']).toBe('c1');
      expect(JSON.parse(String(init.body))).toEqual({
        email: 'admin@isaac.demo',
        password: 'isaac-demo',
        oauth_params: { client_id: 'alexa', redirect_uri: 'https://x.test/cb', state: 's' },
      });
      return json(200, { token: 'tok-new', user, oauth_mode: false, redirect: null });
    });
    renderWithProvider();

    await act(() =>
      login('admin@isaac.demo', 'isaac-demo', {
        client_id: 'alexa',
        redirect_uri: 'https://x.test/cb',
        state: 's',
      }),
    );
    expect(calledPaths()).toEqual(['GET /auth/csrf-token', 'POST /auth/login']);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-new');
    expect(screen.getByTestId('user')).toHaveTextContent('admin@isaac.demo');
  });

  it("aborts with 'Failed to fetch CSRF token' when the CSRF call fails", async () => {
    resetAuthForTests();
    route(() => json(500, {}));
    await expect(login('admin@isaac.demo', 'isaac-demo')).rejects.toThrow('Failed to fetch CSRF token');
    expect(calledPaths()).toEqual(['GET /auth/csrf-token']);
  });

  it('wrong credentials reject with the server message and do not end anything', async () => {
    resetAuthForTests();
    route((url) =>
      url.endsWith('/auth/csrf-token')
        ? json(200, { csrf_token: 'c1' })
        : json(401, { error: 'invalid_credentials', message: 'Invalid email or password' }),
    );
    renderWithProvider();
    await expect(login('admin@isaac.demo', 'wrong-pass')).rejects.toThrow('Invalid email or password');
    expect(screen.getByTestId('notice')).toHaveTextContent('none');
  });

  it('logout revokes the session on the server, then clears token, user and the query cache', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    localStorage.setItem('csrf_token', 'c1');
    resetAuthForTests();
    route((url) => (url.endsWith('/auth/current-user') ? json(200, { user }) : json(200, { message: 'ok' })));
    queryClient.setQueryData(['something'], 1);
    renderWithProvider();
    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('admin@isaac.demo'));

    await act(() => logout());
    expect(calledPaths()).toEqual(['GET /auth/current-user', 'POST /auth/logout']);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(screen.getByTestId('user')).toHaveTextContent('none');
    expect(queryClient.getQueryData(['something'])).toBeUndefined();
  });

  it('logout still signs out locally when the server cannot be reached', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    localStorage.setItem('csrf_token', 'c1');
    resetAuthForTests();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await logout();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('token refresh', () => {
  it('refreshes every 25 minutes while signed in', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    localStorage.setItem('csrf_token', 'c1');
    resetAuthForTests();
    let issued = 0;
    route((url) => {
      if (url.endsWith('/auth/current-user')) return json(200, { user });
      issued += 1;
      return json(200, { token: `tok-${issued}` });
    });
    renderWithProvider();
    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('admin@isaac.demo'));

    await act(async () => {
      vi.advanceTimersByTime(TOKEN_REFRESH_INTERVAL_MS - 1);
    });
    expect(issued).toBe(0);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    await waitFor(() => expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-1'));
    await act(async () => {
      vi.advanceTimersByTime(TOKEN_REFRESH_INTERVAL_MS);
    });
    await waitFor(() => expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-2'));
  });
});
