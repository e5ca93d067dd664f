import { roleName } from '@isaac/contract';
import { Link, useLocation } from 'react-router';
import { ADMIN_MENU, ELECTRICIAN_MENU, OWNER_MENU } from '~/features/dashboard-shell';
import { AuthProvider, useAuth } from '~/lib/auth';
import { PUBLIC_ROUTES } from '~/public-routes';
import type { Route } from './+types/debug';
import { ADMIN_PATHS, AUTH_PATHS, ELECTRICIAN_PATHS, OWNER_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () => [
  { title: 'Debug | Isaac' },
  { name: 'robots', content: 'noindex' },
];

const ROUTE_GROUPS: ReadonlyArray<{ title: string; paths: readonly string[] }> = [
  { title: 'Storefront', paths: PUBLIC_ROUTES.filter((path) => path !== AUTH_PATHS.login) },
  { title: 'Auth and tools', paths: [AUTH_PATHS.login, AUTH_PATHS.debug, AUTH_PATHS.dashboard] },
  { title: 'Admin (role 3)', paths: [ADMIN_PATHS.root, ...ADMIN_MENU.map((item) => item.to)] },
  {
    title: 'Electrician (roles 1, 2)',
    paths: [ELECTRICIAN_PATHS.root, ...ELECTRICIAN_MENU.map((item) => item.to)],
  },
  { title: 'Owner (roles 1, 2)', paths: [OWNER_PATHS.root, ...OWNER_MENU.map((item) => item.to)] },
];

function DebugPanel() {
  const { loading, authenticated, user, loadError } = useAuth();
  const location = useLocation();
  const rows: Array<[string, string]> = [
    ['Loading', String(loading)],
    ['Authenticated', String(authenticated)],
    ['Role', user ? `${user.role} (${roleName(user.role)})` : '—'],
    ['User ID', user?._id ?? '—'],
    ['Email', user?.email ?? '—'],
    ['Current path', `${location.pathname}${location.search}${location.hash}`],
  ];
  if (loadError) rows.push(['Load error', loadError]);

  return (
    <main className="min-h-screen bg-slate-900 px-4 py-8 text-slate-100 sm:px-8">
      <div className="mx-auto max-w-4xl">
        <h1 className="text-2xl font-semibold text-white">Debug</h1>
        <p className="mt-1 text-sm text-slate-400">Authentication state and routes of this build.</p>

        <section
          aria-labelledby="auth-state"
          className="mt-6 rounded-xl border border-slate-700 bg-slate-800/60"
        >
          <h2
            id="auth-state"
            className="border-b border-slate-700 px-5 py-3 text-sm font-semibold text-slate-200"
          >
            Authentication
          </h2>
          <dl className="divide-y divide-slate-700/70">
            {rows.map(([label, value]) => (
              <div key={label} className="grid grid-cols-[9rem_1fr] gap-4 px-5 py-2.5 text-sm">
                <dt className="text-slate-400">{label}</dt>
                <dd className="font-mono break-all text-slate-100">{value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="routes" className="mt-6">
          <h2 id="routes" className="text-sm font-semibold text-slate-200">
            Routes
          </h2>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            {ROUTE_GROUPS.map((group) => (
              <div key={group.title} className="rounded-xl border border-slate-700 bg-slate-800/40 p-4">
                <h3 className="text-xs font-semibold tracking-wide text-slate-400 uppercase">
                  {group.title}
                </h3>
                <ul className="mt-2 space-y-1 text-sm">
                  {group.paths.map((path) => (
                    <li key={path}>
                      <Link
                        to={path}
                        aria-current={location.pathname === path ? 'page' : undefined}
                        className="font-mono text-sky-300 hover:text-sky-200 hover:underline aria-[current=page]:text-white"
                      >
                        {path}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </section>
      </div>
    </main>
  );
}

export default function Debug() {
  return (
    <AuthProvider>
      <DebugPanel />
    </AuthProvider>
  );
}
