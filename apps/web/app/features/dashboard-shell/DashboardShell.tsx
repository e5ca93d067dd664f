import { CalendarDays, LogOut, Menu, X } from 'lucide-react';
import { Brand } from '~/components/Brand';
import { type ReactNode, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { Button, cx, useFocusTrap } from '~/components/ui';
import { useAuth } from '~/lib/auth';
import { useCommonT } from '~/lib/i18n';
import { activeMenuItem, formatHeaderDate, isoDate, menuForRole, pageTitle, roleKey } from './menus';
import { AUTH_PATHS } from '~/lib/paths';
import { STOREFRONT_PATHS } from '~/lib/paths';

const SIDEBAR_ID = 'dashboard-sidebar';

/**
 * The back office frame (spec section 2, "Dashboard shell"): a dark layout with the role's sidebar menu,
 * the active item as page title, today's date, the user's name and e-mail, and Logout. Below the `lg`
 * breakpoint the sidebar is a drawer opened by a toggle button; it closes on Escape, on the backdrop and
 * on navigation, and keeps focus inside while open. The area's layout route composes in `headerEnd`, at the
 * header's right end (the notification bell), and `headerContext`, between the title and the date: what
 * appears only once its data has loaded (the owner's home) goes there, where it narrows the title's free space
 * instead of pushing the date and the bell aside (a layout shift).
 */
export function DashboardShell({
  children,
  headerContext,
  headerEnd,
}: {
  children: ReactNode;
  headerContext?: ReactNode;
  headerEnd?: ReactNode;
}) {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { t } = useCommonT();
  const items = menuForRole(user?.role);
  const active = activeMenuItem(items, pathname);
  const title = active ? t(`nav.${active.key}`) : pageTitle(items, pathname);
  const today = new Date();

  // The drawer remembers the path it was opened on, so any navigation closes it.
  const [drawerOpenOn, setDrawerOpenOn] = useState<string | null>(null);
  const drawerOpen = drawerOpenOn === pathname;
  const closeDrawer = () => setDrawerOpenOn(null);
  const sidebarRef = useRef<HTMLElement>(null);
  useFocusTrap(sidebarRef, drawerOpen, { onEscape: closeDrawer });

  const [signingOut, setSigningOut] = useState(false);
  const onLogout = async () => {
    setSigningOut(true);
    await logout();
    await navigate(AUTH_PATHS.login, { replace: true });
  };

  const name = user?.name?.trim() || t('shell.userFallback');
  const email = user?.email ?? '';

  return (
    <div className="min-h-screen bg-slate-900 text-slate-100 print:min-h-0 print:bg-white print:text-slate-900">
      <a
        href="#dashboard-main"
        className="sr-only z-50 rounded bg-sky-600 px-3 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('shell.skipToContent')}
      </a>

      {drawerOpen ? (
        <div
          aria-hidden="true"
          className="fixed inset-0 z-30 bg-slate-950/70 lg:hidden"
          onClick={closeDrawer}
        />
      ) : null}

      <aside
        id={SIDEBAR_ID}
        ref={sidebarRef}
        aria-label={t('shell.navigation')}
        className={cx(
          'fixed inset-y-0 left-0 z-40 flex w-72 flex-col border-r border-slate-800 bg-slate-950 transition-transform duration-200 lg:w-64 lg:translate-x-0 print:hidden',
          drawerOpen ? 'translate-x-0 shadow-2xl' : 'max-lg:invisible -translate-x-full',
        )}
      >
        <div className="flex h-16 items-center justify-between gap-2 border-b border-slate-800 px-5">
          <Link
            to={STOREFRONT_PATHS.home}
            className="flex items-center gap-2.5 rounded focus-visible:outline-2 focus-visible:outline-sky-400"
          >
            <Brand />
            <span className="rounded-full bg-slate-800 px-2 py-0.5 text-xs font-medium text-slate-300">
              {t(`shell.roles.${roleKey(user?.role)}`)}
            </span>
          </Link>
          <button
            type="button"
            onClick={closeDrawer}
            aria-label={t('shell.closeMenu')}
            className="rounded-lg p-2 text-slate-400 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-sky-400 lg:hidden"
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>

        <nav aria-label={t('shell.mainMenu')} className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="space-y-1">
            {items.map(({ to, key, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  onClick={closeDrawer}
                  className={({ isActive }) =>
                    cx(
                      'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-sky-400',
                      isActive
                        ? 'bg-sky-500/15 text-sky-200 ring-1 ring-sky-500/30 ring-inset'
                        : 'text-slate-300 hover:bg-slate-800 hover:text-white',
                    )
                  }
                >
                  <Icon aria-hidden="true" className="h-5 w-5 shrink-0" />
                  {t(`nav.${key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="border-t border-slate-800 p-4">
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-sky-500 to-emerald-500 text-sm font-semibold text-white"
            >
              {name.charAt(0).toUpperCase()}
            </span>
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-white" data-testid="shell-user-name">
                {name}
              </p>
              {email ? <p className="truncate text-xs text-slate-400">{email}</p> : null}
            </div>
          </div>
          <Button
            variant="outline"
            size="sm"
            className="mt-4 w-full"
            onClick={() => void onLogout()}
            loading={signingOut}
            icon={<LogOut aria-hidden="true" className="h-4 w-4" />}
          >
            {t('shell.logout')}
          </Button>
        </div>
      </aside>

      <div className="lg:pl-64 print:pl-0" inert={drawerOpen || undefined}>
        <header className="sticky top-0 z-20 border-b border-slate-800 bg-slate-900/90 backdrop-blur print:hidden">
          <div className="flex h-16 items-center gap-3 px-4 sm:px-6 lg:px-8">
            <button
              type="button"
              onClick={() => setDrawerOpenOn(pathname)}
              aria-label={t('shell.openMenu')}
              aria-expanded={drawerOpen}
              aria-controls={SIDEBAR_ID}
              className="-ml-1 rounded-lg p-2 text-slate-300 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-sky-400 lg:hidden"
            >
              <Menu aria-hidden="true" className="h-6 w-6" />
            </button>
            <h1 className="min-w-0 flex-1 truncate text-lg font-semibold text-white sm:text-xl">{title}</h1>
            {headerContext}
            <p className="hidden items-center gap-2 text-sm text-slate-400 sm:flex">
              <CalendarDays aria-hidden="true" className="h-4 w-4" />
              <time dateTime={isoDate(today)}>{formatHeaderDate(today)}</time>
            </p>
            {headerEnd}
          </div>
        </header>
        <main id="dashboard-main" tabIndex={-1} className="px-4 py-6 outline-none sm:px-6 lg:px-8 print:p-0">
          <p className="mb-4 flex items-center gap-2 text-sm text-slate-400 sm:hidden print:hidden">
            <CalendarDays aria-hidden="true" className="h-4 w-4" />
            <time dateTime={isoDate(today)}>{formatHeaderDate(today)}</time>
          </p>
          {children}
        </main>
      </div>
    </div>
  );
}
