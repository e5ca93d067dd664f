import type { User } from '@isaac/contract';
import { TOKEN_STORAGE_KEY } from '@isaac/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, resetAuthForTests } from '~/lib/auth';
import { makeUser } from '~/test/factories';
import { LoginPage } from './LoginPage';

const API = 'http://api.test';
type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn<Handler>>;

const owner: User = makeUser(2, {
  name: 'Omar Owner',
  email: 'owner@isaac.demo',
  username: 'owner',
  mobile: null,
});

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const CHECKED = {
  client_name: 'Alexa',
  client_id: 'alexa-skill',
  scope: ['devices'],
  scope_description: 'See your devices and rooms, and turn them on and off',
};

/** The API answers CSRF, the OAuth request check (`checkAnswer`), then `loginAnswer` for POST /auth/login. */
function api(
  loginAnswer: (body: unknown) => Response,
  checkAnswer: () => Response = () => json(200, CHECKED),
) {
  fetchMock.mockImplementation(async (url, init) => {
    if (url.endsWith('/auth/csrf-token')) return json(200, { csrf_token: 'c1' });
    if (url.includes('/api/oauth/authorize/check')) return checkAnswer();
    if (url.endsWith('/auth/login')) return loginAnswer(JSON.parse(String(init.body)));
    return json(404, { error: 'not_found', message: 'Not found' });
  });
}

function renderLogin(url = '/login') {
  const Stub = createRoutesStub([
    {
      path: '/login',
      Component: () => (
        <AuthProvider>
          <LoginPage />
        </AuthProvider>
      ),
    },
    { path: '/owner/dashboard', Component: () => <h1>Owner dashboard page</h1> },
    { path: '/oauth/consent', Component: () => <h1>Consent page</h1> },
    { path: '/admin/dashboard', Component: () => <h1>Admin dashboard page</h1> },
  ]);
  return render(
    <>
      <Stub initialEntries={[url]} />
      <Toaster />
    </>,
  );
}

beforeEach(() => {
  window.__ISAAC_CONFIG__ = { apiUrl: API };
  localStorage.clear();
  resetAuthForTests();
  fetchMock = vi.fn<Handler>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__ISAAC_CONFIG__;
  localStorage.clear();
  resetAuthForTests();
});

describe('login form validation', () => {
  it('requires e-mail and password', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the e-mail pattern and the 6-character minimum', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('moves focus to the first invalid field, and after a failed submit the message follows what is typed', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Password'), 'isaac-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.type(screen.getByLabelText('Email'), 'owner@');
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'isaac.demo');
    await waitFor(() => expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows and hides the password with a labelled toggle', async () => {
    const user = userEvent.setup();
    renderLogin();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });
});

describe('signing in', () => {
  it("toasts 'Login successful!' and goes to the role's dashboard", async () => {
    const user = userEvent.setup();
    api(() => json(200, { token: 'tok', user: owner, oauth_mode: false, redirect: null }));
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'owner@isaac.demo');
    await user.type(screen.getByLabelText('Password'), 'isaac-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Owner dashboard page' })).toBeInTheDocument();
    expect(screen.getByText('Login successful!')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok');
  });

  it('shows the server message when sign-in fails', async () => {
    const user = userEvent.setup();
    api(() => json(401, { error: 'invalid_credentials', message: 'Invalid email or password' }));
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'owner@isaac.demo');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alerts = await screen.findAllByText('Invalid email or password');
    expect(alerts.length).toBeGreaterThan(0);
  });

  it("falls back to 'Login failed. Please check your credentials.'", async () => {
    const user = userEvent.setup();
    api(() => new Response('oops', { status: 500 }));
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'owner@isaac.demo');
    await user.type(screen.getByLabelText('Password'), 'isaac-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Login failed. Please check your credentials.',
    );
  });

  it("says 'Failed to fetch CSRF token' and never posts the credentials when CSRF fails", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(json(503, {}));
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'owner@isaac.demo');
    await user.type(screen.getByLabelText('Password'), 'isaac-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch CSRF token');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([`${API}/auth/csrf-token`]);
  });

  it('shows why the last session ended', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stale');
    resetAuthForTests();
    fetchMock.mockResolvedValue(
      json(401, { error: 'authorization_required', message: 'Your session has expired' }),
    );
    renderLogin();
    expect(await screen.findByText('Your session has expired')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('lists the demo accounts only when the server runs in demo mode', async () => {
    const user = userEvent.setup();
    const { unmount } = renderLogin();
    expect(screen.queryByText('Demo accounts')).not.toBeInTheDocument();
    unmount();

    window.__ISAAC_CONFIG__ = { apiUrl: API, demo: true };
    renderLogin();
    // Loaded on demand (only under DEMO).
    expect(await screen.findByText('admin@isaac.demo')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use the admin demo account' }));
    expect(screen.getByLabelText('Email')).toHaveValue('admin@isaac.demo');
    expect(screen.getByLabelText('Password')).toHaveValue('isaac-demo');

    // Every seeded demo account is listed: the second electrician and the other owners under "more".
    expect(screen.getByText(/Password for all 9/)).toBeInTheDocument();
    await user.click(screen.getByText(/6 more demo accounts/));
    for (const email of ['suresh.patil@isaac.demo', 'arjun.mehta@isaac.demo', 'vikram.joshi@isaac.demo']) {
      expect(screen.getByText(email)).toBeVisible();
    }
    await user.click(screen.getByRole('button', { name: "Use Suresh Patil's demo account (electrician)" }));
    expect(screen.getByLabelText('Email')).toHaveValue('suresh.patil@isaac.demo');
  });
});

describe('OAuth mode', () => {
  const query =
    '?client_id=alexa-skill&redirect_uri=https%3A%2F%2Flayla.amazon.com%2Flink&response_type=code&scope=devices&state=xyz';

  it('names the service the API checked, sends oauth_params and goes to the consent screen', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    api((body) => {
      sent.push(body);
      return json(200, {
        token: 'tok',
        user: owner,
        oauth_mode: true,
        redirect: `${window.location.origin}/oauth/consent${query}`,
      });
    });
    renderLogin(`/login${query}`);

    expect(await screen.findByRole('note')).toHaveTextContent('You are linking Alexa to your Isaac account');
    await user.type(screen.getByLabelText('Email'), 'owner@isaac.demo');
    await user.type(screen.getByLabelText('Password'), 'isaac-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in and link' }));

    expect(await screen.findByRole('heading', { name: 'Consent page' })).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      oauth_params: {
        client_id: 'alexa-skill',
        redirect_uri: 'https://layla.amazon.com/link',
        response_type: 'code',
        scope: 'devices',
        state: 'xyz',
      },
    });
  });

  it("an unknown client or unregistered redirect URI shows the spec's message and no form", async () => {
    api(
      () => json(500, {}),
      () => json(400, { error: 'invalid_redirect', message: 'Invalid redirect URL. Please try again.' }),
    );
    renderLogin(`/login${query}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid redirect URL. Please try again.');
    expect(screen.getByLabelText('Email')).not.toBeVisible();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/auth/login'))).toBe(false);
  });

  it("refuses a redirect outside the product's domain", async () => {
    const user = userEvent.setup();
    api(() =>
      json(200, { token: 'tok', user: owner, oauth_mode: true, redirect: 'https://evil.test/steal' }),
    );
    renderLogin(`/login${query}`);
    await user.type(await screen.findByLabelText('Email'), 'owner@isaac.demo');
    await user.type(screen.getByLabelText('Password'), 'isaac-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in and link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid redirect URL. Please try again.');
  });
});

describe('two-factor code step', () => {
  const PROMPT = 'Enter the 6-digit code from your authenticator app';
  /** The API: no code → two_factor_required; `answer` decides for a body with a code. */
  function twoFactorApi(answer: (body: Record<string, unknown>) => Response) {
    const sent: Record<string, unknown>[] = [];
    api((body) => {
      const b = body as Record<string, unknown>;
      sent.push(b);
      if (b.otp === undefined && b.recovery_code === undefined) {
        return json(401, { error: 'two_factor_required', message: PROMPT });
      }
      return answer(b);
    });
    return sent;
  }

  async function signInToCodeStep(user: ReturnType<typeof userEvent.setup>) {
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'owner@isaac.demo');
    await user.type(screen.getByLabelText('Password'), 'isaac-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    return screen.findByLabelText('Authentication code');
  }

  it('asks for the code (numeric, one-time-code) and resubmits the same credentials with it', async () => {
    const user = userEvent.setup();
    const sent = twoFactorApi(() =>
      json(200, { token: 'tok', user: owner, oauth_mode: false, redirect: null }),
    );
    const field = await signInToCodeStep(user);
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveFocus();
    expect(screen.getByText(PROMPT)).toBeInTheDocument();
    expect(screen.getByText('Signing in as owner@isaac.demo')).toBeInTheDocument();
    // No failure toast or alert for the first step.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.type(field, '12 34a56');
    expect(field).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));

    expect(await screen.findByRole('heading', { name: 'Owner dashboard page' })).toBeInTheDocument();
    expect(sent[1]).toMatchObject({ email: 'owner@isaac.demo', password: 'isaac-demo', otp: '123456' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok');
  });

  it('a wrong code shows the server message, clears the field and keeps the step', async () => {
    const user = userEvent.setup();
    twoFactorApi(() =>
      json(401, { error: 'invalid_two_factor_code', message: 'Invalid or expired code. Check your app.' }),
    );
    const field = await signInToCodeStep(user);
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    const alerts = await screen.findAllByText('Invalid or expired code. Check your app.');
    expect(alerts.length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Authentication code')).toHaveValue('');
    expect(screen.getByLabelText('Authentication code')).toHaveFocus();
  });

  it('checks the code format before sending it', async () => {
    const user = userEvent.setup();
    const sent = twoFactorApi(() => json(500, {}));
    const field = await signInToCodeStep(user);
    await user.type(field, '123');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-digit code');
    expect(sent).toHaveLength(1);
  });

  it('switches to a recovery code and sends it as recovery_code', async () => {
    const user = userEvent.setup();
    const sent = twoFactorApi(() =>
      json(200, { token: 'tok', user: owner, oauth_mode: false, redirect: null }),
    );
    await signInToCodeStep(user);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByLabelText('Recovery code');
    expect(field).toHaveAttribute('autocomplete', 'off');
    expect(field).toHaveFocus();
    await user.type(field, 'abcde-23456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('heading', { name: 'Owner dashboard page' })).toBeInTheDocument();
    expect(sent[1]).toMatchObject({ recovery_code: 'abcde-23456' });
    expect(sent[1]).not.toHaveProperty('otp');
  });

  it('Back returns to the e-mail and password, as typed', async () => {
    const user = userEvent.setup();
    twoFactorApi(() => json(500, {}));
    await signInToCodeStep(user);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('owner@isaac.demo');
    expect(screen.getByLabelText('Password')).toHaveValue('isaac-demo');
  });
});
