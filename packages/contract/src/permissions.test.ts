import { describe, expect, it } from 'vitest';
import { PERMISSIONS, isAllowed, requiresCsrf, ruleFor, type RouteRule } from './permissions.ts';
import { AREA_ROLES, areaOfApiPath } from './areas.ts';
import { ROLE } from './roles.ts';

describe('permission table', () => {
  it('requires CSRF on every mutating route unless it says why not', () => {
    for (const [key, rule] of Object.entries(PERMISSIONS) as [string, RouteRule][]) {
      const method = key.split(' ')[0] ?? '';
      if (rule.csrf === false) expect(rule.csrfExemptBecause, key).toBeTruthy();
      if (method !== 'GET')
        expect(requiresCsrf(method, rule) || Boolean(rule.csrfExemptBecause), key).toBe(true);
    }
  });
  it('lets only the listed roles through', () => {
    const rule = ruleFor('GET', '/api/devices');
    expect(rule).toBeDefined();
    if (!rule) return;
    expect(isAllowed(rule, ROLE.owner)).toBe(true);
    expect(isAllowed(rule, ROLE.admin)).toBe(false);
    expect(isAllowed(rule, undefined)).toBe(false);
  });
  it('has no rule for an unknown route', () => {
    expect(ruleFor('GET', '/api/nope')).toBeUndefined();
  });
});

describe('areas and the API agree', () => {
  it("every rule under an area's API paths admits exactly the area's roles", () => {
    let checked = 0;
    for (const [key, rule] of Object.entries(PERMISSIONS) as [string, RouteRule][]) {
      const path = key.split(' ')[1] ?? '';
      const area = areaOfApiPath(path);
      if (!area) continue;
      checked += 1;
      expect(rule.access, key).toEqual(AREA_ROLES[area]);
    }
    expect(checked).toBeGreaterThan(10);
  });
  it('/owner is for owners and electricians (their own home), /electrician for electricians, /admin for admins', () => {
    expect(AREA_ROLES.owner).toEqual([ROLE.owner, ROLE.electrician]);
    expect(AREA_ROLES.electrician).toEqual([ROLE.electrician]);
    expect(AREA_ROLES.admin).toEqual([ROLE.admin]);
    expect(areaOfApiPath('/electrician/user/:id/details')).toBe('electrician');
    expect(areaOfApiPath('/api/electrician/installations/:id/phase')).toBe('electrician');
    expect(areaOfApiPath('/api/devices/:id/toggle')).toBe('owner');
    expect(areaOfApiPath('/api/admin/orders')).toBe('admin');
    expect(areaOfApiPath('/api/devicesx')).toBeUndefined();
    expect(areaOfApiPath('/api/account/profile')).toBeUndefined();
  });
});
