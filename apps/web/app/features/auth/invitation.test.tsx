import { HOMES_MESSAGES, MSG, TOKEN_STORAGE_KEY, type HomeInvitation } from '@isaac/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '~/test/fake-api';
import { renderPage, setupPageTests } from '~/test/render';
import { HomeInvitePage } from './HomeInvitePage';
import { InvitePage } from './InvitePage';

setupPageTests();

const TOKEN = 'a-token-of-sixteen-or-more';
const otherPaths = ['/login', '/owner/dashboard'];

describe('the buyer’s invitation (/invite/:token)', () => {
  it('opens the link, checks the password rule, sets the password and goes to sign in with the e-mail', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const api = fakeApi([
      ({ method, path, body }) => {
        if (method === 'GET' && path === `/api/invitations/${TOKEN}`)
          return json(200, { name: 'Nisha', email: 'nisha@example.com' });
        if (method === 'POST' && path === '/api/invitations/accept') {
          sent.push(body);
          return json(200, { message: 'ok', email: 'nisha@example.com' });
        }
        return undefined;
      },
    ]);
    renderPage(<InvitePage token={TOKEN} />, { api, otherPaths });
    expect(screen.getByText('Opening your invitation...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome, Nisha' })).toBeInTheDocument();
    const password = screen.getByLabelText('New password');
    expect(password).toHaveAccessibleDescription('At least 6 characters.');
    await user.type(password, 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    // The password rule may still be loading (it loads with the form): the message comes when it has run.
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.passwordTooShort);
    expect(sent).toEqual([]);
    await user.clear(password);
    await user.type(password, 'nisha-home-2026');
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'nisha-home-2026');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/login?email=nisha%40example.com'),
    );
    // with the language the page was read in (the account's from now on, ADR 073)
    expect(sent).toEqual([{ token: TOKEN, password: 'nisha-home-2026', language: 'en' }]);
  });

  it('a used link says why, with a way to sign in', async () => {
    const api = fakeApi([
      ({ path }) =>
        path === `/api/invitations/${TOKEN}`
          ? json(410, { error: 'invitation_used', message: 'This link has been used.' })
          : undefined,
    ]);
    renderPage(<InvitePage token={TOKEN} />, { api, otherPaths });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has been used.');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});

const invitation = (overrides: Partial<HomeInvitation> = {}): HomeInvitation => ({
  home_name: 'Priya’s home',
  invited_by: 'Priya Sharma',
  email: 'asha@example.com',
  role: 'member',
  expires_at: '2026-11-30T00:00:00.000Z',
  has_account: false,
  ...overrides,
});

describe('a home invitation (/home-invite/:token)', () => {
  it('without an account: name and password (the same rule), then sign in with the invited e-mail', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const api = fakeApi([
      ({ method, path, body }) => {
        if (method === 'GET' && path === `/api/home-invitations/${TOKEN}`) return json(200, invitation());
        if (method === 'POST' && path === `/api/home-invitations/${TOKEN}/sign-up`) {
          sent.push(body);
          return json(201, { email: 'asha@example.com', home_id: 'h1' });
        }
        return undefined;
      },
    ]);
    renderPage(<HomeInvitePage token={TOKEN} />, { api, otherPaths });
    expect(await screen.findByRole('heading', { name: 'Join Priya’s home' })).toBeInTheDocument();
    expect(screen.getByText(/Priya Sharma invited/)).toHaveTextContent('as member.');
    await user.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Name is required');
    await user.type(screen.getByLabelText('Your name'), 'Asha');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'a-good-password');
    await user.type(screen.getByLabelText('Confirm password'), 'a-good-passwor');
    await user.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The two passwords do not match');
    await user.type(screen.getByLabelText('Confirm password'), 'd');
    await user.click(screen.getByRole('button', { name: 'Create account and join' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?email=asha%40example.com'));
    expect(sent).toEqual([{ name: 'Asha', password: 'a-good-password', language: 'en' }]);
  });

  it('with an account, signed in: Accept joins and opens the dashboard; a refusal is shown', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const api = fakeApi([
      ({ method, path }) => {
        if (method === 'GET' && path === `/api/home-invitations/${TOKEN}`)
          return json(200, invitation({ has_account: true }));
        if (method === 'POST' && path === `/api/home-invitations/${TOKEN}/accept`) {
          if (refuse) return json(403, { error: 'forbidden', message: HOMES_MESSAGES.invitationOtherEmail });
          return json(200, { email: 'asha@example.com', home_id: 'h1' });
        }
        return undefined;
      },
    ]);
    renderPage(<HomeInvitePage token={TOKEN} />, { api, otherPaths });
    await user.click(await screen.findByRole('button', { name: 'Accept the invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(HOMES_MESSAGES.invitationOtherEmail);
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/owner/dashboard'));
  });

  it('with an account, signed out: a link to sign in with the invited e-mail', async () => {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    const api = fakeApi([
      ({ path }) =>
        path === `/api/home-invitations/${TOKEN}` ? json(200, invitation({ has_account: true })) : undefined,
    ]);
    renderPage(<HomeInvitePage token={TOKEN} />, { api, otherPaths });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?email=asha%40example.com',
    );
  });

  it('an expired link says so', async () => {
    const api = fakeApi([
      ({ path }) =>
        path === `/api/home-invitations/${TOKEN}`
          ? json(410, { error: 'invitation_expired', message: HOMES_MESSAGES.invitationExpired })
          : undefined,
    ]);
    renderPage(<HomeInvitePage token={TOKEN} />, { api, otherPaths });
    expect(await screen.findByRole('alert')).toHaveTextContent(HOMES_MESSAGES.invitationExpired);
  });
});
