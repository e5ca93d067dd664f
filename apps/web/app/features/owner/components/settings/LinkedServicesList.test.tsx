import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '~/test/fake-api';
import { renderPage, setupPageTests } from '~/test/render';
import { LinkedServicesList } from './LinkedServicesList';

setupPageTests();

const SERVICE = {
  _id: 'l1',
  client_name: 'Google Home',
  client_id: 'google-home',
  scope: ['devices'],
  linked_at: '2026-11-20T10:00:00.000Z',
  last_used_at: null,
};

describe('Settings → Linked services', () => {
  it('lists a linked service, and Unlink asks first, then revokes it', async () => {
    const user = userEvent.setup();
    let services = [SERVICE];
    const fake = fakeApi([
      ({ method, path }) => {
        if (method === 'GET' && path === '/api/account/linked-services') return json(200, { services });
        if (method === 'DELETE' && path === '/api/account/linked-services/l1') {
          services = [];
          return json(200, { message: 'Google Home unlinked' });
        }
        return undefined;
      },
    ]);
    renderPage(<LinkedServicesList />, { api: fake });
    expect(await screen.findByText('Google Home', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText(/not used yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Unlink\s*Google Home/ }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Google Home will no longer be able to see or control your devices.');
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('Google Home unlinked')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('No voice assistant is linked')).toBeInTheDocument());
  });

  it('shows the error with Retry', { timeout: 10_000 }, async () => {
    const fake = fakeApi([() => json(500, { error: 'internal_error', message: 'boom' })]);
    renderPage(<LinkedServicesList />, { api: fake });
    // (after the query's one retry)
    expect(
      await screen.findByText('Error loading linked services', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeInTheDocument();
  });
});
