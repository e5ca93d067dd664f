import { describe, expect, it } from 'vitest';
import { ADMIN_PATHS, AUTH_PATHS, ELECTRICIAN_PATHS, OWNER_PATHS, STOREFRONT_PATHS } from './paths.ts';
import { ROLE, dashboardPathForRole } from './roles.ts';

describe('paths', () => {
  it('are absolute, unique, and each area page sits under its area root', () => {
    const all = [STOREFRONT_PATHS, AUTH_PATHS, ADMIN_PATHS, ELECTRICIAN_PATHS, OWNER_PATHS].flatMap((group) =>
      Object.values(group),
    );
    expect(new Set(all).size).toBe(all.length);
    for (const path of all) expect(path).toMatch(/^\/[a-z0-9/-]*$/);
    for (const area of [ADMIN_PATHS, ELECTRICIAN_PATHS, OWNER_PATHS]) {
      const { root, ...pages } = area;
      for (const page of Object.values(pages)) expect(page.startsWith(`${root}/`)).toBe(true);
    }
  });

  it('are where each role lands after sign-in; any other role goes to /dashboard', () => {
    expect(dashboardPathForRole(ROLE.admin)).toBe('/admin/dashboard');
    expect(dashboardPathForRole(ROLE.electrician)).toBe('/electrician/dashboard');
    expect(dashboardPathForRole(ROLE.owner)).toBe('/owner/dashboard');
    expect(dashboardPathForRole(7)).toBe(AUTH_PATHS.dashboard);
    expect(dashboardPathForRole(undefined)).toBe('/dashboard');
  });
});
