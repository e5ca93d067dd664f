/**
 * What a back-office page shows until it can render: the SPA fallback's HTML (root HydrateFallback),
 * while the query provider's chunk loads, and while the route guard waits for the signed-in user. It has
 * the dashboard shell's frame (dark page, 4rem header, sidebar on wide screens) and says what is
 * happening in words, so the first paint already shows the product rather than a bare spinner, and the
 * page's own content replaces it in place. Static (no data, no browser APIs): it is prerendered into the
 * SPA fallback and hydrated as is. No icon library: this is in the root chunk every page loads.
 */
export function SignedInSkeleton() {
  return (
    <div className="min-h-screen bg-slate-900 text-slate-100">
      <div
        aria-hidden="true"
        className="fixed inset-y-0 left-0 hidden w-64 border-r border-slate-800 bg-slate-950 lg:block"
      />
      <div className="lg:pl-64">
        <div className="flex h-16 items-center gap-3 border-b border-slate-800 px-4 sm:px-6 lg:px-8">
          <span className="text-base font-semibold tracking-tight text-white">Isaac</span>
        </div>
        <div role="status" aria-live="polite" className="px-4 py-6 sm:px-6 lg:px-8">
          <p className="flex items-center gap-3 text-lg text-slate-300">
            <span
              aria-hidden="true"
              className="h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-slate-600 border-t-sky-400"
            />
            Loading your dashboard…
          </p>
          <div aria-hidden="true" className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
            {[0, 1, 2, 3].map((card) => (
              <div
                key={card}
                className="h-28 animate-pulse rounded-xl border border-slate-700/80 bg-slate-800/60"
              />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
