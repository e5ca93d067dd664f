import type { OAuthClient } from '@isaac/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '~/test/fake-api';
import { renderPage, setupPageTests } from '~/test/render';
import { VoiceLinkingClients } from './VoiceLinkingClients';

setupPageTests();

const GOOGLE: OAuthClient = {
  _id: 'c1',
  name: 'Google Home',
  client_id: 'google-home',
  public: false,
  redirect_uris: ['https://oauth-redirect.googleusercontent.com/r/isaac-home'],
  linked_users: 3,
  created_at: '2026-11-20T10:00:00.000Z',
};

function api(clients: OAuthClient[]) {
  return fakeApi([
    ({ method, path, body }) => {
      if (method === 'GET' && path === '/api/admin/oauth-clients')
        return json(200, { clients, page: 1, page_size: 100, total: clients.length });
      if (method === 'POST' && path === '/api/admin/oauth-clients') {
        const b = body as { name: string; redirect_uris: string[] };
        return json(200, {
          message: 'Voice-linking client registered',
          client: {
            ...GOOGLE,
            _id: 'c2',
            name: b.name,
            client_id: 'alexa-skill',
            redirect_uris: b.redirect_uris,
            linked_users: 0,
          },
          client_secret: 'isaac_cs_shown-once',
        });
      }
      if (method === 'DELETE' && path === '/api/admin/oauth-clients/c1')
        return json(200, { message: 'Voice-linking client removed' });
      return undefined;
    },
  ]);
}

describe('Settings → Voice linking', () => {
  it('lists the clients with their kind, redirect URIs and linked owners', async () => {
    renderPage(<VoiceLinkingClients />, { api: api([GOOGLE]) });
    expect(await screen.findByText('Google Home', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('Confidential')).toBeInTheDocument();
    expect(screen.getByText(/3 owners linked/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Redirect URIs of Google Home' })).toHaveTextContent(
      'https://oauth-redirect.googleusercontent.com/r/isaac-home',
    );
  });

  it('checks the form like the server, then registers and shows the secret once', async () => {
    const user = userEvent.setup();
    const fake = api([]);
    renderPage(<VoiceLinkingClients />, { api: fake });
    expect(await screen.findByText('No voice-linking clients yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register voice-linking client' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Alexa');
    await user.type(within(dialog).getByLabelText(/^Redirect URIs/), 'http://example.com/cb');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(
      await within(dialog).findByText(/Line 1: Each redirect URI must be an absolute https URL/),
    ).toBeInTheDocument();
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(within(dialog).getByLabelText(/^Redirect URIs/));
    await user.type(
      within(dialog).getByLabelText(/^Redirect URIs/),
      'https://pitangui.amazon.com/api/skill/link/M1',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await screen.findByTestId('client-secret')).toHaveTextContent('isaac_cs_shown-once');
    expect(screen.getByText('Copy it now: it will not be shown again.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Alexa',
      redirect_uris: ['https://pitangui.amazon.com/api/skill/link/M1'],
      public: false,
    });
  });

  it('asks before removing, naming how many owners are unlinked', async () => {
    const user = userEvent.setup();
    const fake = api([GOOGLE]);
    renderPage(<VoiceLinkingClients />, { api: fake });
    await user.click(await screen.findByRole('button', { name: /Remove\s*Google Home/ }));
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'Google Home will be removed and 3 owners unlinked at once.',
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(fake.calls.some((c) => c.method === 'DELETE')).toBe(true));
  });
});
