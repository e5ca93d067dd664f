import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi, json } from '~/test/fake-api';
import { renderPage, setupPageTests } from '~/test/render';
import { PasswordForm } from './PasswordForm';
import { SessionsList } from './SessionsList';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const SAFARI_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

function renderWith(api: FakeApi, ui: ReactNode) {
  return renderPage(ui, { api, path: '/settings' });
}

setupPageTests();

describe('PasswordForm', () => {
  it('checks length and confirmation before calling the API', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    renderWith(api, <PasswordForm email="owner@isaac.demo" />);
    await user.type(screen.getByLabelText(/Current password/), 'old-secret');
    await user.type(screen.getByLabelText(/^New password/), '123');
    await user.type(screen.getByLabelText(/Confirm new password/), '1234');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/account/password')).toBe(false);
  });

  it('puts a refused current password on its field', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    api.setOverride((call) =>
      call.path === '/api/account/password'
        ? json(400, { error: 'invalid_credentials', message: 'Current password is incorrect' })
        : undefined,
    );
    renderWith(api, <PasswordForm email="owner@isaac.demo" />);
    await user.type(screen.getByLabelText(/Current password/), 'wrong-one');
    await user.type(screen.getByLabelText(/^New password/), 'new-secret');
    await user.type(screen.getByLabelText(/Confirm new password/), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
    expect(screen.getByLabelText(/Current password/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('changes the password and says other sessions were signed out', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    api.setOverride((call) =>
      call.path === '/api/account/password' ? json(200, { message: 'Password changed' }) : undefined,
    );
    renderWith(api, <PasswordForm email="owner@isaac.demo" />);
    await user.type(screen.getByLabelText(/Current password/), 'old-secret');
    await user.type(screen.getByLabelText(/^New password/), 'new-secret');
    await user.type(screen.getByLabelText(/Confirm new password/), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    // The toast and the note under the form both say it.
    expect(await screen.findByText(/Use the new password the next time you sign in/)).toHaveTextContent(
      'Your other sessions have been signed out.',
    );
    expect(
      screen.getByText('Password changed successfully. Your other sessions have been signed out.'),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/account/password')?.body).toEqual({
      current_password: 'old-secret',
      new_password: 'new-secret',
    });
    expect(screen.getByLabelText(/Current password/)).toHaveValue('');
  });
});

describe('SessionsList', () => {
  it('lists sessions with This device first and ends another one', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    let sessions = [
      {
        _id: 's2',
        created_at: '2026-03-01T08:00:00.000Z',
        last_seen_at: '2026-03-02T08:00:00.000Z',
        user_agent: SAFARI_IOS,
        ip: '10.0.0.7',
        current: false,
      },
      {
        _id: 's1',
        created_at: '2026-03-03T08:00:00.000Z',
        last_seen_at: '2026-03-03T09:00:00.000Z',
        user_agent: CHROME_LINUX,
        ip: '127.0.0.1',
        current: true,
      },
    ];
    api.setOverride((call) => {
      if (call.path === '/api/account/sessions') return json(200, { sessions });
      if (call.method === 'DELETE' && call.path === '/api/account/sessions/s2') {
        sessions = sessions.filter((s) => s._id !== 's2');
        return json(200, { message: 'Session ended' });
      }
      return undefined;
    });
    renderWith(api, <SessionsList />);
    const list = await screen.findByRole('list', { name: 'Active sessions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Chrome on Linux');
    expect(rows[0]).toHaveTextContent('This device');
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Safari on iOS');
    expect(rows[1]).toHaveTextContent('IP 10.0.0.7');

    await user.click(within(rows[1]!).getByRole('button', { name: /End session/ }));
    expect(await screen.findByText('Session ended')).toBeInTheDocument();
    expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument();
  });
});

describe('Sign out all other sessions', () => {
  it('asks first, then signs out every other session and leaves this device in the list', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    const session = (id: string, current: boolean, agent: string) => ({
      _id: id,
      created_at: '2026-03-01T08:00:00.000Z',
      last_seen_at: '2026-03-02T08:00:00.000Z',
      user_agent: agent,
      ip: '10.0.0.7',
      current,
    });
    let sessions = [
      session('s1', true, CHROME_LINUX),
      session('s2', false, SAFARI_IOS),
      session('s3', false, SAFARI_IOS),
    ];
    api.setOverride((call) => {
      if (call.path === '/api/account/sessions') return json(200, { sessions });
      if (call.method === 'POST' && call.path === '/api/account/sessions/revoke-others') {
        sessions = sessions.filter((s) => s.current);
        return json(200, { message: 'Signed out 2 other sessions.', sessions_ended: 2 });
      }
      return undefined;
    });
    renderWith(api, <SessionsList />);
    await user.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out all other sessions?' });
    expect(dialog).toHaveTextContent('(2 sessions)');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((c) => c.path === '/api/account/sessions/revoke-others')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Sign out all other sessions?' })).getByRole(
        'button',
        {
          name: 'Sign out others',
        },
      ),
    );
    expect(await screen.findByText('Signed out 2 other sessions.')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Active sessions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('This device')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/api/account/sessions/revoke-others')).toHaveLength(1);
  });

  it('is not offered when this device is the only session', async () => {
    const api = fakeApi();
    api.setOverride((call) =>
      call.path === '/api/account/sessions'
        ? json(200, {
            sessions: [
              {
                _id: 's1',
                created_at: '2026-03-01T08:00:00.000Z',
                last_seen_at: '2026-03-02T08:00:00.000Z',
                user_agent: CHROME_LINUX,
                ip: null,
                current: true,
              },
            ],
          })
        : undefined,
    );
    renderWith(api, <SessionsList />);
    await screen.findByRole('list', { name: 'Active sessions' });
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).not.toBeInTheDocument();
  });
});
