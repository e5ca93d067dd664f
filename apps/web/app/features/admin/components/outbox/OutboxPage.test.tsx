import type { OutboxMessage, OutboxMessageDetail } from '@isaac/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '~/lib/query-client';
import { OutboxPage } from './OutboxPage';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function makeMessage(i: number, patch: Partial<OutboxMessage> = {}): OutboxMessage {
  return {
    _id: `e${i}`,
    kind: 'invitation',
    to: `customer${i}@example.com`,
    subject: `Set up your Isaac account ${i}`,
    state: 'sent',
    attempts: 1,
    last_error: null,
    next_attempt_at: null,
    sent_at: '2026-11-20T10:01:00.000Z',
    created_at: '2026-11-20T10:00:00.000Z',
    ...patch,
  };
}

/** The outbox API in memory behind a fetch mock: the list filters and pages like the server. */
function fakeApi(messages: OutboxMessage[], delivering = false) {
  const calls: { method: string; path: string; search: URLSearchParams }[] = [];
  let failLists = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    calls.push({ method, path: url.pathname, search: url.searchParams });
    if (url.pathname === '/auth/csrf-token') return json(200, { csrf_token: 'csrf-1' });
    if (method === 'GET' && url.pathname === '/api/admin/outbox') {
      if (failLists > 0) {
        failLists -= 1;
        return json(500, { error: 'internal', message: 'Database unavailable' });
      }
      const state = url.searchParams.get('state');
      const rows = messages.filter((m) => !state || m.state === state);
      return json(200, { messages: rows, page: 1, page_size: 20, total: rows.length, delivering });
    }
    const one = /^\/api\/admin\/outbox\/([^/]+)$/.exec(url.pathname);
    if (one && method === 'GET') {
      const message = messages.find((m) => m._id === one[1])!;
      const detail: OutboxMessageDetail = {
        ...message,
        html: `<!doctype html><p>Hello <b>Asha</b>, choose your password: <a href="https://isaac.test/invite/t">link</a></p>`,
        text: 'Hello Asha,\n\nChoose your password:\nhttps://isaac.test/invite/t',
      };
      return json(200, detail);
    }
    const retry = /^\/api\/admin\/outbox\/([^/]+)\/retry$/.exec(url.pathname);
    if (retry && method === 'POST') {
      const index = messages.findIndex((m) => m._id === retry[1]);
      messages[index] = { ...messages[index]!, state: 'pending', attempts: 0 };
      return json(200, messages[index]);
    }
    return json(404, { error: 'not_found', message: 'Not found' });
  });
  return { calls, fetchMock, failNextLists: (n: number) => (failLists = n) };
}

function LocationProbe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

function renderAt(api: ReturnType<typeof fakeApi>, entry = '/admin/outbox') {
  vi.stubGlobal('fetch', api.fetchMock);
  const Stub = createRoutesStub([
    {
      path: '/admin/outbox',
      Component: () => (
        <>
          <OutboxPage />
          <LocationProbe />
        </>
      ),
    },
  ]);
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Stub initialEntries={[entry]} />
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  window.__ISAAC_CONFIG__ = { apiUrl: 'http://api.test' };
  localStorage.setItem('isaac_auth_token', 'token');
});

afterEach(() => {
  act(() => toast.remove());
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('OutboxPage', () => {
  it('lists e-mails with recipient, subject, kind, state and attempts, and says they are kept here', async () => {
    renderAt(
      fakeApi([
        makeMessage(1),
        makeMessage(2, {
          kind: 'quote',
          state: 'failed',
          attempts: 8,
          last_error: '451 Mailbox busy',
          sent_at: null,
        }),
      ]),
    );
    const table = await screen.findByRole('table');
    const sent = within(table).getByRole('row', { name: /customer1@example.com/ });
    expect(within(sent).getByText('Set up your Isaac account 1')).toBeInTheDocument();
    expect(within(sent).getByText('Invitation')).toBeInTheDocument();
    expect(within(sent).getByText('Sent').className).toMatch(/emerald/);
    const failed = within(table).getByRole('row', { name: /customer2@example.com/ });
    expect(within(failed).getByText('Quote')).toBeInTheDocument();
    expect(within(failed).getByText('Failed').className).toMatch(/red/);
    expect(within(failed).getByText('451 Mailbox busy')).toBeInTheDocument();
    expect(within(failed).getByText('8')).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: /Retry/ })).toBeInTheDocument();
    expect(within(sent).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
    expect(screen.getByText('2 e-mails')).toBeInTheDocument();
    expect(screen.getByText(/SMTP is not set up/)).toBeInTheDocument();
  });

  it('says when e-mails are delivered by SMTP', async () => {
    renderAt(fakeApi([makeMessage(1)], true));
    expect(await screen.findByText('E-mails are delivered by SMTP.')).toBeInTheDocument();
  });

  it('previews an e-mail: its HTML in a sandboxed frame and its plain text in a tab (arrow keys)', async () => {
    const user = userEvent.setup();
    const api = fakeApi([makeMessage(1)]);
    renderAt(api);
    await screen.findByRole('table');
    await user.click(await screen.findByRole('button', { name: /^Preview.*customer1@example.com/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up your Isaac account 1' });
    expect(within(dialog).getByText('To customer1@example.com')).toBeInTheDocument();
    const frame = await within(dialog).findByTitle(/HTML of/);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('Hello <b>Asha</b>');
    const htmlTab = within(dialog).getByRole('tab', { name: 'HTML' });
    expect(htmlTab).toHaveAttribute('aria-selected', 'true');
    htmlTab.focus();
    await user.keyboard('{ArrowRight}');
    const textTab = within(dialog).getByRole('tab', { name: 'Plain text' });
    expect(textTab).toHaveAttribute('aria-selected', 'true');
    expect(textTab).toHaveFocus();
    expect(within(dialog).getByRole('tabpanel')).toHaveTextContent('https://isaac.test/invite/t');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends a failed e-mail again with Retry', async () => {
    const user = userEvent.setup();
    const api = fakeApi([makeMessage(1, { state: 'failed', attempts: 8, last_error: '550 No such user' })]);
    renderAt(api);
    await user.click(await screen.findByRole('button', { name: /^Retry.*customer1@example.com/ }));
    expect(await screen.findByText('E-mail queued to be sent again')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/admin/outbox/e1/retry')).toBe(true);
    const row = within(screen.getByRole('table')).getByRole('row', { name: /customer1@example.com/ });
    expect(await within(row).findByText('Pending')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
  });

  it('filters by state in the URL and the API call', async () => {
    const user = userEvent.setup();
    const api = fakeApi([makeMessage(1), makeMessage(2, { state: 'failed' })]);
    renderAt(api);
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('State'), 'Failed');
    expect(screen.getByTestId('location')).toHaveTextContent('?state=failed');
    await waitFor(() => expect(screen.queryByText('customer1@example.com')).not.toBeInTheDocument());
    expect(api.calls.at(-1)?.search.get('state')).toBe('failed');
    expect(screen.getByText('1 e-mail found')).toBeInTheDocument();
  });

  it('shows the load error with Retry, which loads the list', async () => {
    const user = userEvent.setup();
    const api = fakeApi([makeMessage(1)]);
    // the screen retries once on its own, then shows the error
    api.failNextLists(2);
    renderAt(api);
    expect(
      await screen.findByText('Error loading the outbox', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('customer1@example.com')).toBeInTheDocument();
  });
});
