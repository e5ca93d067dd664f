import { ROLE } from '@isaac/contract';
import type common from '~/lib/i18n/en/common';
import { currentLocale } from '~/lib/format';
import { ADMIN_PATHS, ELECTRICIAN_PATHS, OWNER_PATHS } from '~/lib/paths';
import {
  Activity,
  BarChart3,
  ClipboardList,
  Cpu,
  DoorOpen,
  FileText,
  HardHat,
  Inbox,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  Settings,
  Sparkles,
  ShoppingBag,
  ShoppingCart,
  UserCheck,
  Users,
  Workflow,
  Wrench,
} from 'lucide-react';

/** A menu item's name in the catalogues (`common:nav.<key>`). */
export type NavKey = keyof typeof common.nav;

export interface MenuItem {
  to: string;
  /** The spec's English label (the catalogue's English for `key`). */
  label: string;
  key: NavKey;
  icon: LucideIcon;
}

/** The three sidebar menus of spec section 2, "Dashboard shell". */
export const ADMIN_MENU: readonly MenuItem[] = [
  { to: ADMIN_PATHS.dashboard, label: 'Dashboard', key: 'dashboard', icon: LayoutDashboard },
  { to: ADMIN_PATHS.users, label: 'Users', key: 'users', icon: Users },
  { to: ADMIN_PATHS.devices, label: 'Devices', key: 'devices', icon: Cpu },
  { to: ADMIN_PATHS.electricians, label: 'Electricians', key: 'electricians', icon: HardHat },
  { to: ADMIN_PATHS.settings, label: 'Settings', key: 'settings', icon: Settings },
  { to: ADMIN_PATHS.reports, label: 'Reports', key: 'reports', icon: BarChart3 },
  { to: ADMIN_PATHS.activity, label: 'Activity', key: 'activity', icon: Activity },
  // Not in the spec's menu: the storefront's orders and contact messages (issue 10), installation jobs,
  // quotes and the e-mail outbox (issue 15).
  { to: ADMIN_PATHS.orders, label: 'Orders', key: 'orders', icon: ShoppingCart },
  { to: ADMIN_PATHS.messages, label: 'Messages', key: 'messages', icon: Inbox },
  { to: ADMIN_PATHS.installations, label: 'Installations', key: 'installations', icon: Wrench },
  { to: ADMIN_PATHS.quotes, label: 'Quotes', key: 'quotes', icon: FileText },
  { to: ADMIN_PATHS.outbox, label: 'Outbox', key: 'outbox', icon: Mail },
];

export const ELECTRICIAN_MENU: readonly MenuItem[] = [
  { to: ELECTRICIAN_PATHS.dashboard, label: 'Dashboard', key: 'dashboard', icon: LayoutDashboard },
  { to: ELECTRICIAN_PATHS.devices, label: 'Devices', key: 'devices', icon: Cpu },
  { to: ELECTRICIAN_PATHS.users, label: 'Users', key: 'customers', icon: Users },
  { to: ELECTRICIAN_PATHS.rooms, label: 'Rooms', key: 'rooms', icon: DoorOpen },
  { to: ELECTRICIAN_PATHS.installations, label: 'Installations', key: 'installations', icon: ClipboardList },
  { to: ELECTRICIAN_PATHS.customerMode, label: 'Customer Mode', key: 'customerMode', icon: UserCheck },
  { to: ELECTRICIAN_PATHS.workflow, label: 'Workflow', key: 'workflow', icon: Workflow },
  { to: ELECTRICIAN_PATHS.install, label: 'Install', key: 'install', icon: Wrench },
  { to: ELECTRICIAN_PATHS.settings, label: 'Settings', key: 'settings', icon: Settings },
];

export const OWNER_MENU: readonly MenuItem[] = [
  { to: OWNER_PATHS.dashboard, label: 'Dashboard', key: 'dashboard', icon: LayoutDashboard },
  { to: OWNER_PATHS.devices, label: 'Devices', key: 'devices', icon: Cpu },
  { to: OWNER_PATHS.rooms, label: 'Rooms', key: 'rooms', icon: DoorOpen },
  { to: OWNER_PATHS.automations, label: 'Automations', key: 'automations', icon: Sparkles },
  { to: OWNER_PATHS.members, label: 'Members', key: 'members', icon: Users },
  { to: OWNER_PATHS.orders, label: 'Orders', key: 'orders', icon: ShoppingBag },
  { to: OWNER_PATHS.settings, label: 'Settings', key: 'settings', icon: Settings },
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

/** The header date: 'Saturday, 21 November 2026' (en-IN, long; hi-IN: 'शनिवार, 21 नवंबर 2026'). */
export function formatHeaderDate(date: Date): string {
  return date.toLocaleDateString(currentLocale(), {
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

/** The role's key in the catalogues (`common:shell.roles.<key>`). */
export function roleKey(role: number | undefined): 'admin' | 'electrician' | 'owner' | 'user' {
  if (role === ROLE.admin) return 'admin';
  if (role === ROLE.electrician) return 'electrician';
  if (role === ROLE.owner) return 'owner';
  return 'user';
}

export function roleLabel(role: number | undefined): string {
  return { admin: 'Admin', electrician: 'Electrician', owner: 'Owner', user: 'User' }[roleKey(role)];
}
