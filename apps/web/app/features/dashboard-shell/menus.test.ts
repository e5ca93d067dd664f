// @vitest-environment node
import { ROLE } from '@isaac/contract';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_MENU,
  ELECTRICIAN_MENU,
  OWNER_MENU,
  activeMenuItem,
  formatHeaderDate,
  menuForRole,
  pageTitle,
} from './menus';

describe('menus', () => {
  it('lists the spec paths for each role', () => {
    expect(ADMIN_MENU.map((item) => item.to)).toEqual([
      '/admin/dashboard',
      '/admin/users',
      '/admin/devices',
      '/admin/electricians',
      '/admin/settings',
      '/admin/reports',
      '/admin/activity',
      '/admin/orders',
      '/admin/messages',
      '/admin/installations',
      '/admin/quotes',
      '/admin/outbox',
    ]);
    expect(ELECTRICIAN_MENU.map((item) => item.to.replace('/electrician/', ''))).toEqual([
      'dashboard',
      'devices',
      'users',
      'rooms',
      'installations',
      'customer-mode',
      'workflow',
      'install',
      // Not in the spec's menu: the electrician's own account and notifications (issue 33).
      'settings',
    ]);
    expect(OWNER_MENU.map((item) => item.to)).toEqual([
      '/owner/dashboard',
      '/owner/devices',
      '/owner/rooms',
      '/owner/automations',
      '/owner/members',
      '/owner/orders',
      '/owner/settings',
    ]);
  });

  it('chooses the menu by role: admin, electrician, else owner', () => {
    expect(menuForRole(ROLE.admin)).toBe(ADMIN_MENU);
    expect(menuForRole(ROLE.electrician)).toBe(ELECTRICIAN_MENU);
    expect(menuForRole(ROLE.owner)).toBe(OWNER_MENU);
    expect(menuForRole(9)).toBe(OWNER_MENU);
    expect(menuForRole(undefined)).toBe(OWNER_MENU);
  });

  it('finds the active item without confusing install with installations', () => {
    expect(activeMenuItem(ELECTRICIAN_MENU, '/electrician/install')?.label).toBe('Install');
    expect(activeMenuItem(ELECTRICIAN_MENU, '/electrician/installations')?.label).toBe('Installations');
    expect(activeMenuItem(ELECTRICIAN_MENU, '/electrician/devices/')?.label).toBe('Devices');
    expect(activeMenuItem(ADMIN_MENU, '/owner/devices')).toBeUndefined();
  });

  it('takes the page title from the active item, else from the path', () => {
    expect(pageTitle(ADMIN_MENU, '/admin/electricians')).toBe('Electricians');
    expect(pageTitle(ELECTRICIAN_MENU, '/electrician/customer-mode')).toBe('Customer Mode');
    expect(pageTitle(ELECTRICIAN_MENU, '/owner/rooms')).toBe('Rooms');
    expect(pageTitle(OWNER_MENU, '/')).toBe('Dashboard');
  });

  it('formats the header date as a long en-IN date', () => {
    expect(formatHeaderDate(new Date(2026, 10, 21))).toBe('Saturday, 21 November 2026');
  });
});
