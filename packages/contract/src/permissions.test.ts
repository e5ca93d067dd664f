import { describe, expect, it } from 'vitest';
import { PERMISSIONS, isAllowed, requiresCsrf, ruleFor, type RouteRule } from './permissions.ts';
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
