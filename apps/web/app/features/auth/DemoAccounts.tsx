import { KeyRound } from 'lucide-react';

export const DEMO_PASSWORD = 'isaac-demo';
export const DEMO_ACCOUNTS = [
  { role: 'Admin', email: 'admin@isaac.demo' },
  { role: 'Electrician', email: 'electrician@isaac.demo' },
  { role: 'Owner', email: 'owner@isaac.demo' },
] as const;

/** The demo sign-ins, shown on /login only when the server runs with DEMO on. */
export function DemoAccounts({ onUse }: { onUse: (email: string, password: string) => void }) {
  return (
    <section
      aria-labelledby="demo-accounts-title"
      className="mt-6 rounded-xl border border-slate-800 bg-slate-950/60 p-4"
    >
      <h2 id="demo-accounts-title" className="flex items-center gap-2 text-sm font-semibold text-slate-200">
        <KeyRound aria-hidden="true" className="h-4 w-4 text-sky-300" />
        Demo accounts
      </h2>
      <p className="mt-1 text-xs text-slate-400">
        Password for all:{' '}
        <code className="rounded bg-slate-800 px-1.5 py-0.5 text-slate-200">{DEMO_PASSWORD}</code>
      </p>
      <ul className="mt-3 space-y-2">
        {DEMO_ACCOUNTS.map((account) => (
          <li key={account.email} className="flex items-center justify-between gap-3 text-sm">
            <span className="min-w-0">
              <span className="block font-medium text-slate-200">{account.role}</span>
              <span className="block truncate text-xs text-slate-400">{account.email}</span>
            </span>
            <button
              type="button"
              onClick={() => onUse(account.email, DEMO_PASSWORD)}
              aria-label={`Use the ${account.role.toLowerCase()} demo account`}
              className="shrink-0 rounded-md border border-slate-700 px-2.5 py-1 text-xs font-medium text-slate-200 hover:border-sky-500 hover:text-white focus-visible:outline-2 focus-visible:outline-sky-400"
            >
              Use
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
