import { ROLE } from '@isaac/contract';
import {
  Activity,
  BarChart3,
  ClipboardList,
  Cpu,
  DoorOpen,
  HardHat,
  LayoutDashboard,
  type LucideIcon,
  Settings,
  UserCheck,
  Users,
  Workflow,
  Wrench,
} from 'lucide-react';

export interface MenuItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** The three sidebar menus of spec section 2, "Dashboard shell". */
export const ADMIN_MENU: readonly MenuItem[] = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/admin/users', label: 'Users', icon: Users },
  { to: '/admin/devices', label: 'Devices', icon: Cpu },
  { to: '/admin/electricians', label: 'Electricians', icon: HardHat },
  { to: '/admin/settings', label: 'Settings', icon: Settings },
  { to: '/admin/reports', label: 'Reports', icon: BarChart3 },
  { to: '/admin/activity', label: 'Activity', icon: Activity },
];

export const ELECTRICIAN_MENU: readonly MenuItem[] = [
  { to: '/electrician/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/electrician/devices', label: 'Devices', icon: Cpu },
  { to: '/electrician/users', label: 'Users', icon: Users },
  { to: '/electrician/rooms', label: 'Rooms', icon: DoorOpen },
  { to: '/electrician/installations', label: 'Installations', icon: ClipboardList },
  { to: '/electrician/customer-mode', label: 'Customer Mode', icon: UserCheck },
  { to: '/electrician/workflow', label: 'Workflow', icon: Workflow },
  { to: '/electrician/install', label: 'Install', icon: Wrench },
];

export const OWNER_MENU: readonly MenuItem[] = [
  { to: '/owner/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/owner/devices', label: 'Devices', icon: Cpu },
  { to: '/owner/rooms', label: 'Rooms', icon: DoorOpen },
  { to: '/owner/settings', label: 'Settings', icon: Settings },
];

/** The menu is chosen by role: admin, electrician, else owner. */
export function menuForRole(role: number | undefined): readonly MenuItem[] {
  if (role === ROLE.admin) return ADMIN_MENU;
  if (role === ROLE.electrician) return ELECTRICIAN_MENU;
  return OWNER_MENU;
}

export function activeMenuItem(items: readonly MenuItem[], pathname: string): MenuItem | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return items.find((item) => path === item.to || path.startsWith(`${item.to}/`));
}

/** 'customer-mode' → 'Customer Mode'. */
function titleCase(segment: string): string {
  return segment
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The page title: the active menu item's label, else the last path segment in words. */
export function pageTitle(items: readonly MenuItem[], pathname: string): string {
  const active = activeMenuItem(items, pathname);
  if (active) return active.label;
  const last = pathname.split('/').filter(Boolean).pop();
  return last ? titleCase(decodeURIComponent(last)) : 'Dashboard';
}

/** The header date: 'Saturday, 21 November 2026' (en-IN, long). */
export function formatHeaderDate(date: Date): string {
  return date.toLocaleDateString('en-IN', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

/** The local calendar date as YYYY-MM-DD (for `<time dateTime>`). */
export function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function roleLabel(role: number | undefined): string {
  if (role === ROLE.admin) return 'Admin';
  if (role === ROLE.electrician) return 'Electrician';
  if (role === ROLE.owner) return 'Owner';
  return 'User';
}
