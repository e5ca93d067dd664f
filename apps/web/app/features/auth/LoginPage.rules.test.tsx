import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, resetAuthForTests } from '~/lib/auth';
import { LoginPage, RULES_UNAVAILABLE_MESSAGE } from './LoginPage';

// The form's rules load on demand; here that load fails, as it would offline or after a deploy.
const ruleLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./login-form', () => {
  ruleLoads.count += 1;
  throw new Error('Failed to fetch dynamically imported module');
});

function renderLogin() {
  const Stub = createRoutesStub([
    {
      path: '/login',
      Component: () => (
        <AuthProvider>
          <LoginPage />
        </AuthProvider>
      ),
    },
  ]);
  return render(<Stub initialEntries={['/login']} />);
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  window.__ISAAC_CONFIG__ = { apiUrl: 'http://api.test' };
  localStorage.clear();
  resetAuthForTests();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__ISAAC_CONFIG__;
  resetAuthForTests();
});

describe('login form rules loaded on demand', () => {
  it('says so, sends nothing, and tries to load them again on the next submit when they cannot be loaded', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'owner@isaac.demo');
    await user.type(screen.getByLabelText('Password'), 'isaac-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(RULES_UNAVAILABLE_MESSAGE);
    expect(fetchMock).not.toHaveBeenCalled();
    const loadsBefore = ruleLoads.count;
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(ruleLoads.count).toBeGreaterThan(loadsBefore));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
