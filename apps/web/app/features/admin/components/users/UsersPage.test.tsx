import type { User } from '@isaac/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '~/lib/query-client';
import { makeUser } from '~/test/factories';
import { UsersPage } from './UsersPage';

const API = 'http://api.test';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

/** An in-memory admin users API behind a fetch mock; lists filter and page like the server. */
function fakeUsersApi(users: User[]) {
  const state = { users: [...users] };
  const calls: Call[] = [];
  let override: ((call: Call) => Response | undefined) | undefined;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path: url.pathname, search: url.searchParams, body };
    calls.push(call);
    const custom = override?.(call);
    if (custom) return custom;
    if (url.pathname === '/auth/csrf-token') return json(200, { csrf_token: 'csrf-1' });
    if (method === 'GET' && url.pathname === '/api/admin/users') {
      const q = (url.searchParams.get('search') ?? '').toLowerCase();
      const role = url.searchParams.get('role');
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('page_size') ?? 20);
      const found = state.users.filter(
        (u) =>
          (!q || u.name.toLowerCase().includes(q) || u.email.includes(q)) &&
          (!role || String(u.role) === role),
      );
      return json(200, {
        users: found.slice((page - 1) * size, page * size),
        page,
        page_size: size,
        total: found.length,
      });
    }
    if (method === 'POST' && url.pathname === '/api/admin/users') {
      const user = makeUser(900, body as Partial<User>);
      state.users.unshift(user);
      return json(201, { user });
    }
    const match = /^\/api\/admin\/users\/([^/]+)$/.exec(url.pathname);
    if (match && method === 'PUT') {
      const index = state.users.findIndex((u) => u._id === match[1]);
      const user = { ...state.users[index], ...(body as Partial<User>) } as User;
      state.users[index] = user;
      return json(200, { user });
    }
    if (match && method === 'DELETE') {
      state.users = state.users.filter((u) => u._id !== match[1]);
      return json(200, { message: 'User deleted successfully' });
    }
    if (/\/sessions\/revoke$/.test(url.pathname)) {
      return json(200, { message: 'Ended 2 sessions', sessions_ended: 2 });
    }
    return json(404, { error: 'not_found', message: 'Not found' });
  });
  return {
    state,
    calls,
    fetchMock,
    setOverride: (route: typeof override) => {
      override = route;
    },
    lists: () => calls.filter((c) => c.method === 'GET' && c.path === '/api/admin/users'),
  };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function Screen() {
  return (
    <>
      <UsersPage />
      <LocationProbe />
    </>
  );
}

function renderUsers(api: ReturnType<typeof fakeUsersApi>, entry = '/admin/users') {
  vi.stubGlobal('fetch', api.fetchMock);
  const Stub = createRoutesStub([{ path: '/admin/users', Component: Screen }]);
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Stub initialEntries={[entry]} />
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  window.__ISAAC_CONFIG__ = { apiUrl: API };
  localStorage.setItem('isaac_auth_token', 'token');
});

afterEach(() => {
  act(() => toast.remove());
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('UsersPage', () => {
  it('lists users with their role and status (active green, else red, in words too)', async () => {
    renderUsers(fakeUsersApi([makeUser(1, { role: 3 }), makeUser(2, { status: 'inactive', role: 1 })]));
    const table = await screen.findByRole('table');
    const first = within(table).getByRole('row', { name: /Person 1/ });
    expect(within(first).getByText('Admin')).toBeInTheDocument();
    expect(within(first).getByText('Active').className).toMatch(/emerald/);
    const second = within(table).getByRole('row', { name: /Person 2/ });
    expect(within(second).getByText('Electrician')).toBeInTheDocument();
    expect(within(second).getByText('Inactive').className).toMatch(/red/);
    expect(screen.getByText('2 users')).toBeInTheDocument();
  });

  it('searches as you type (debounced, kept in the URL) and filters by role', async () => {
    const user = userEvent.setup();
    const api = fakeUsersApi([
      makeUser(1, { name: 'Asha Verma' }),
      makeUser(2, { name: 'Ravi Kumar', role: 1 }),
      makeUser(3, { name: 'Ashok Rao', role: 1 }),
    ]);
    renderUsers(api);
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Search'), 'ash');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?search=ash'));
    // one request for the typed text, not one per key (it follows the URL a render later)
    await waitFor(() => expect(api.lists().map((c) => c.search.get('search'))).toEqual([null, 'ash']));
    await waitFor(() => expect(screen.queryByText('Ravi Kumar')).not.toBeInTheDocument());
    expect(screen.getByText('Asha Verma')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Role'), 'Electrician');
    expect(screen.getByTestId('location')).toHaveTextContent('?search=ash&role=1');
    await waitFor(() => expect(screen.queryByText('Asha Verma')).not.toBeInTheDocument());
    expect(screen.getByText('Ashok Rao')).toBeInTheDocument();
    expect(screen.getByText('1 user found')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByLabelText('Search')).toHaveValue('');
    expect(await screen.findByText('Ravi Kumar')).toBeInTheDocument();
  });

  it('reads the filters from the URL and pages with working buttons', async () => {
    const user = userEvent.setup();
    const api = fakeUsersApi(Array.from({ length: 45 }, (_, i) => makeUser(i + 1)));
    renderUsers(api, '/admin/users?search=person');
    expect(screen.getByLabelText('Search')).toHaveValue('person');
    const pages = await screen.findByRole('navigation', { name: 'User pages' });
    expect(within(pages).getByText('Showing 1–20 of 45 users')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(pages).findByText('Showing 21–40 of 45 users')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('?search=person&page=2');
    expect(api.lists().at(-1)?.search.get('page')).toBe('2');
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(pages).findByText('Showing 41–45 of 45 users')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('sorts on the server by a column header (aria-sort, kept in the URL), or newest first by default', async () => {
    const user = userEvent.setup();
    const api = fakeUsersApi([makeUser(1), makeUser(2)]);
    renderUsers(api);
    const table = await screen.findByRole('table');
    const header = (name: string) => within(table).getByRole('columnheader', { name: new RegExp(name) });
    expect(header('Joined')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Name')).not.toHaveAttribute('aria-sort');
    expect(api.lists()[0]?.search.get('sort')).toBe('created_at');
    expect(api.lists()[0]?.search.get('order')).toBe('desc');

    await user.click(within(header('Name')).getByRole('button', { name: 'Name' }));
    expect(screen.getByTestId('location')).toHaveTextContent('?sort=name&order=asc');
    await waitFor(() => expect(header('Name')).toHaveAttribute('aria-sort', 'ascending'));
    expect(header('Joined')).not.toHaveAttribute('aria-sort');
    await waitFor(() =>
      expect(api.lists().at(-1)?.search.toString()).toBe('sort=name&order=asc&page=1&page_size=20'),
    );

    // The keyboard sorts too: the header's button, Enter turns the order round.
    within(header('Name')).getByRole('button').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(header('Name')).toHaveAttribute('aria-sort', 'descending'));
    await waitFor(() => expect(api.lists().at(-1)?.search.get('order')).toBe('desc'));
  });

  it("adds a user: the spec's validation, role default Owner, then 'User added successfully'", async () => {
    const user = userEvent.setup();
    const api = fakeUsersApi([makeUser(1)]);
    renderUsers(api);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    expect(within(dialog).getByLabelText(/Role/)).toHaveDisplayValue('Owner');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Username is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Mobile is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/Name/), 'Meera Nair');
    await user.type(within(dialog).getByLabelText(/Email/), 'not-an-email');
    await user.type(within(dialog).getByLabelText(/Username/), 'meera');
    await user.type(within(dialog).getByLabelText(/^Password/), '12345');
    await user.type(within(dialog).getByLabelText(/Mobile/), '+91 90000 11111');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await within(dialog).findByText('Invalid email address')).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 6 characters')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/Email/));
    await user.type(within(dialog).getByLabelText(/Email/), 'Meera@Example.com');
    await user.type(within(dialog).getByLabelText(/^Password/), '6');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await screen.findByText('User added successfully')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST' && c.path === '/api/admin/users')?.body).toEqual({
      name: 'Meera Nair',
      email: 'meera@example.com',
      username: 'meera',
      password: '123456',
      mobile: '+91 90000 11111',
      role: 2,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Meera Nair')).toBeInTheDocument();
  });

  it("shows a taken e-mail beside the field and the server's message", async () => {
    const user = userEvent.setup();
    const api = fakeUsersApi([makeUser(1)]);
    api.setOverride((call) =>
      call.method === 'POST' && call.path === '/api/admin/users'
        ? json(409, {
            error: 'conflict',
            message: 'A user with this email already exists',
            details: [{ path: 'email', message: 'A user with this email already exists' }],
          })
        : undefined,
    );
    renderUsers(api);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByLabelText(/Name/), 'Dup');
    await user.type(within(dialog).getByLabelText(/Email/), 'person1@example.com');
    await user.type(within(dialog).getByLabelText(/Username/), 'dup');
    await user.type(within(dialog).getByLabelText(/^Password/), 'secret');
    await user.type(within(dialog).getByLabelText(/Mobile/), '+91 90000 11111');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A user with this email already exists',
    );
    expect(within(dialog).getByLabelText(/Email/)).toHaveFocus();
    expect(
      await screen.findByText('A user with this email already exists', { selector: 'div' }),
    ).toBeInTheDocument();
  });

  it("edits a user's role and status, then 'User updated successfully'", async () => {
    const user = userEvent.setup();
    const api = fakeUsersApi([makeUser(1)]);
    renderUsers(api);
    await user.click(await screen.findByRole('button', { name: 'Edit Person 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).queryByLabelText(/Password/)).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Person 1');
    await user.selectOptions(within(dialog).getByLabelText(/Role/), 'Electrician');
    await user.selectOptions(within(dialog).getByLabelText(/Status/), 'Inactive');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/admin/users/u1',
      body: {
        name: 'Person 1',
        email: 'person1@example.com',
        username: 'person1',
        mobile: '+91 98450 00000',
        role: 1,
        status: 'inactive',
      },
    });
    const row = await screen.findByRole('row', { name: /Person 1/ });
    expect(await within(row).findByText('Inactive')).toBeInTheDocument();
  });

  it("deletes after 'Are you sure you want to delete this user?'", async () => {
    const user = userEvent.setup();
    const api = fakeUsersApi([makeUser(1), makeUser(2)]);
    renderUsers(api);
    await user.click(await screen.findByRole('button', { name: 'Delete Person 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(within(dialog).getByText('Are you sure you want to delete this user?')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/admin/users/u2')).toBe(true);
    await waitFor(() => expect(screen.queryByText('Person 2')).not.toBeInTheDocument());
  });

  it("ends a user's sessions after confirming", async () => {
    const user = userEvent.setup();
    const api = fakeUsersApi([makeUser(1)]);
    renderUsers(api);
    await user.click(await screen.findByRole('button', { name: 'End sessions of Person 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'End sessions' });
    await user.click(within(dialog).getByRole('button', { name: 'End Sessions' }));
    expect(await screen.findByText('Ended 2 sessions')).toBeInTheDocument();
    expect(
      api.calls.some((c) => c.method === 'POST' && c.path === '/api/admin/users/u1/sessions/revoke'),
    ).toBe(true);
  });

  it('offers Reset 2FA only for users with two-factor sign-in on, and resets after confirming', async () => {
    const user = userEvent.setup();
    const api = fakeUsersApi([makeUser(1, { two_factor_enabled: true }), makeUser(2)]);
    api.setOverride((call) =>
      call.path === '/api/admin/users/u1/two-factor/reset'
        ? json(200, { message: "Two-factor sign-in was reset and the user's sessions have ended" })
        : undefined,
    );
    renderUsers(api);
    await screen.findByText('Person 2');
    expect(screen.queryByRole('button', { name: 'Reset 2FA of Person 2' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset 2FA of Person 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset 2FA' });
    expect(dialog).toHaveTextContent('Turn off two-factor sign-in for Person 1?');
    await user.click(within(dialog).getByRole('button', { name: 'Reset 2FA' }));
    expect(await screen.findByText('Two-factor sign-in reset')).toBeInTheDocument();
    expect(
      api.calls.some((c) => c.method === 'POST' && c.path === '/api/admin/users/u1/two-factor/reset'),
    ).toBe(true);
  });

  it("shows 'Error loading users' with Retry, and 'No users found' for an empty search", async () => {
    const user = userEvent.setup();
    const api = fakeUsersApi([makeUser(1)]);
    let fail = true;
    api.setOverride((call) =>
      call.path === '/api/admin/users' && fail
        ? json(500, { error: 'internal_error', message: 'boom' })
        : undefined,
    );
    renderUsers(api, '/admin/users?search=nobody');
    // the list retries once (spec section 9) before it shows the error
    expect(await screen.findByText('Error loading users', undefined, { timeout: 4000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.getByText('No user matches this search and these filters.')).toBeInTheDocument();
  });
});
