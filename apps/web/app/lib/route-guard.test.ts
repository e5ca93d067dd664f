// @vitest-environment node
import { ROLE } from '@isaac/contract';
import { describe, expect, it } from 'vitest';
import { AREA_ROLES, dashboardHome, decideGuard } from './route-guard';

const admin = { role: ROLE.admin };
const electrician = { role: ROLE.electrician };
const owner = { role: ROLE.owner };
const other = { role: 7 };

describe('decideGuard', () => {
  it('shows a spinner while loading', () => {
    expect(decideGuard({ loading: true, user: null, loadError: null })).toEqual({ kind: 'loading' });
    expect(
      decideGuard({ loading: true, user: admin, loadError: null, allowedRoles: AREA_ROLES.owner }),
    ).toEqual({
      kind: 'loading',
    });
  });

  it('sends an unauthenticated visitor to /login', () => {
    expect(
      decideGuard({ loading: false, user: null, loadError: null, allowedRoles: AREA_ROLES.admin }),
    ).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });

  it('keeps the session and offers a retry when loading the user failed for another reason', () => {
    expect(decideGuard({ loading: false, user: null, loadError: 'HTTP error! status: 503' })).toEqual({
      kind: 'error',
      message: 'HTTP error! status: 503',
    });
  });

  it('/admin allows admin only', () => {
    expect(
      decideGuard({ loading: false, user: admin, loadError: null, allowedRoles: AREA_ROLES.admin }),
    ).toEqual({
      kind: 'allow',
    });
    expect(
      decideGuard({ loading: false, user: electrician, loadError: null, allowedRoles: AREA_ROLES.admin }),
    ).toEqual({ kind: 'redirect', to: '/electrician/dashboard' });
    expect(
      decideGuard({ loading: false, user: owner, loadError: null, allowedRoles: AREA_ROLES.admin }),
    ).toEqual({
      kind: 'redirect',
      to: '/owner/dashboard',
    });
  });

  it('/electrician allows electricians; an owner goes to their own dashboard (ADR 033)', () => {
    expect(
      decideGuard({
        loading: false,
        user: electrician,
        loadError: null,
        allowedRoles: AREA_ROLES.electrician,
      }),
    ).toEqual({ kind: 'allow' });
    expect(
      decideGuard({ loading: false, user: owner, loadError: null, allowedRoles: AREA_ROLES.electrician }),
    ).toEqual({ kind: 'redirect', to: '/owner/dashboard' });
    expect(
      decideGuard({ loading: false, user: admin, loadError: null, allowedRoles: AREA_ROLES.electrician }),
    ).toEqual({ kind: 'redirect', to: '/admin/dashboard' });
  });

  it('/owner allows owners and electricians (their own home), as the owner API does', () => {
    for (const user of [owner, electrician]) {
      expect(decideGuard({ loading: false, user, loadError: null, allowedRoles: AREA_ROLES.owner })).toEqual({
        kind: 'allow',
      });
    }
    expect(
      decideGuard({ loading: false, user: admin, loadError: null, allowedRoles: AREA_ROLES.owner }),
    ).toEqual({
      kind: 'redirect',
      to: '/admin/dashboard',
    });
  });

  it('a role without a dashboard of its own gets no access instead of a redirect loop', () => {
    expect(
      decideGuard({ loading: false, user: other, loadError: null, allowedRoles: AREA_ROLES.electrician }),
    ).toEqual({ kind: 'no-access' });
  });

  it('any signed-in user passes a route without a role rule', () => {
    expect(decideGuard({ loading: false, user: other, loadError: null })).toEqual({ kind: 'allow' });
  });
});

describe('dashboardHome', () => {
  it('sends each role to its own dashboard and any other role to the electrician one', () => {
    expect(dashboardHome(ROLE.admin)).toBe('/admin/dashboard');
    expect(dashboardHome(ROLE.electrician)).toBe('/electrician/dashboard');
    expect(dashboardHome(ROLE.owner)).toBe('/owner/dashboard');
    expect(dashboardHome(0)).toBe('/electrician/dashboard');
    expect(dashboardHome(42)).toBe('/electrician/dashboard');
  });
});
