export { DashboardShell } from './DashboardShell';
export { ADMIN_MENU, ELECTRICIAN_MENU, OWNER_MENU, type MenuItem, menuForRole } from './menus';
