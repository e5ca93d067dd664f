import { lazy, Suspense, type ReactNode } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
} from 'react-router';
import type { Route } from './+types/root';
import { SignedInSkeleton } from './components/SignedInSkeleton';
import { ToastViewport } from './components/ToastViewport';
import { PUBLIC_ROUTES } from './public-routes';
import './app.css';

/**
 * TanStack Query serves the back office only: public pages (prerendered storefront, /login,
 * /payment-success) never load it, which keeps it out of their first-load JavaScript. Other routes get
 * the provider from a chunk loaded on demand.
 */
const QueryProvider = lazy(async () => {
  const [{ QueryClientProvider }, { queryClient }, { keepQueriesOffline }, { startLanguage }] =
    await Promise.all([
      import('@tanstack/react-query'),
      import('./lib/query-client'),
      import('./lib/offline/persist'),
      import('./lib/i18n'),
    ]);
  // The language this person reads (ADR 073), its texts fetched before the first screen shows: a Hindi
  // reader's dashboard never flashes English.
  await startLanguage();
  // The signed-in areas' last reads, kept in IndexedDB, are back before any screen mounts (ADR 070).
  await keepQueriesOffline(queryClient);
  return {
    default: function QueryProvider({ children }: { children: ReactNode }) {
      return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    },
  };
});

const PUBLIC_PATHS = new Set<string>(PUBLIC_ROUTES);

/**
 * Runs before any module: zod (sign-in and back office) would otherwise probe `new Function` when it
 * creates its first object schema, to compile faster parsers. The web origin's Content-Security-Policy
 * forbids eval, so the probe fails (harmlessly) but is reported as a violation; `jitless` skips it. zod
 * reads its settings from this global (`z.config` writes the same object), set here before zod loads.
 */
const ZOD_WITHOUT_EVAL = 'globalThis.__zod_globalConfig={jitless:true};';

function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.has(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f172a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/icons/icon-192.png" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        {children}
        <script dangerouslySetInnerHTML={{ __html: ZOD_WITHOUT_EVAL }} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { pathname } = useLocation();
  return (
    <>
      {isPublicPath(pathname) ? (
        <Outlet />
      ) : (
        <Suspense fallback={<HydrateFallback />}>
          <QueryProvider>
            <Outlet />
          </QueryProvider>
        </Suspense>
      )}
      <ToastViewport />
    </>
  );
}

/** The SPA fallback's first paint (every back-office page before its scripts have run). */
export function HydrateFallback() {
  return <SignedInSkeleton />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong';
  return (
    <main className="mx-auto max-w-xl p-8">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-slate-600">Please reload the page or go back to the home page.</p>
      <a className="mt-4 inline-block text-sky-700 underline" href="/">
        Back to Home
      </a>
    </main>
  );
}
