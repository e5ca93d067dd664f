import { TOKEN_STORAGE_KEY, type User } from '@isaac/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, resetAuthForTests } from '~/lib/auth';
import { makeUser } from '~/test/factories';
import { DashboardShell } from './DashboardShell';

const API = 'http://api.test';
type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn<Handler>>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function userWith(patch: Partial<User>): User {
  return makeUser(1, {
    name: 'Esha Electrician',
    email: 'electrician@isaac.demo',
    username: 'electrician',
    mobile: null,
    role: 1,
    ...patch,
  });
}

function renderShell(user: User, url: string) {
  localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
  localStorage.setItem('csrf_token', 'c1');
  resetAuthForTests();
  fetchMock.mockImplementation(async (requestUrl) =>
    requestUrl.endsWith('/auth/current-user') ? json(200, { user }) : json(200, { message: 'ok' }),
  );
  const Layout = () => (
    <AuthProvider>
      <DashboardShell>
        <Outlet />
      </DashboardShell>
    </AuthProvider>
  );
  const Stub = createRoutesStub([
    {
      Component: Layout,
      children: [
        { path: '/electrician/dashboard', Component: () => <p>Dashboard body</p> },
        { path: '/electrician/devices', Component: () => <p>Devices body</p> },
        { path: '/admin/users', Component: () => <p>Users body</p> },
        { path: '/owner/rooms', Component: () => <p>Rooms body</p> },
      ],
    },
    { path: '/login', Component: () => <h1>Login page</h1> },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

beforeEach(() => {
  window.__ISAAC_CONFIG__ = { apiUrl: API };
  localStorage.clear();
  fetchMock = vi.fn<Handler>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  resetAuthForTests();
});

describe('DashboardShell', () => {
  it("shows the role's menu, the active item as title, and the user's name and e-mail", async () => {
    renderShell(userWith({}), '/electrician/devices');
    expect(await screen.findByText('Esha Electrician')).toBeInTheDocument();
    expect(screen.getByText('electrician@isaac.demo')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Devices' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'Devices',
      'Users',
      'Rooms',
      'Installations',
      'Customer Mode',
      'Workflow',
      'Install',
      'Settings',
    ]);
    expect(within(menu).getByRole('link', { name: 'Devices' })).toHaveAttribute('aria-current', 'page');
  });

  it("falls back to 'User' when the name is empty; admins get the admin menu", async () => {
    renderShell(userWith({ name: '', role: 3, email: 'admin@isaac.demo' }), '/admin/users');
    expect(await screen.findByText('admin@isaac.demo')).toBeInTheDocument();
    expect(screen.getByTestId('shell-user-name')).toHaveTextContent('User');
    expect(screen.getByRole('link', { name: 'Electricians' })).toHaveAttribute('href', '/admin/electricians');
  });

  it('owners get the owner menu', async () => {
    renderShell(userWith({ role: 2 }), '/owner/rooms');
    await screen.findByText('Rooms body');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/owner/dashboard',
      '/owner/devices',
      '/owner/rooms',
      '/owner/automations',
      '/owner/members',
      '/owner/orders',
      '/owner/settings',
    ]);
  });

  it('opens the drawer with an expanded toggle, closes on Escape and on navigation', async () => {
    const user = userEvent.setup();
    renderShell(userWith({}), '/electrician/dashboard');
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'dashboard-sidebar');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.activeElement?.closest('#dashboard-sidebar')).not.toBeNull();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'Devices' }));
    expect(await screen.findByText('Devices body')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('Logout revokes the session and goes to /login', async () => {
    const user = userEvent.setup();
    renderShell(userWith({}), '/electrician/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([url, init]) => url.endsWith('/auth/logout') && init.method === 'POST'),
    ).toBe(true);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
