import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from '@isaac/contract';
import { KeyRound } from 'lucide-react';
import { useAuthT } from '~/lib/i18n/auth-texts';

export { DEMO_ACCOUNTS, DEMO_PASSWORD };

/** "Use the owner demo account" for the first of each role; "Use Arjun Mehta's demo account (owner)" else. */
function labelOf(account: DemoAccount, t: AuthT): string {
  const role = t(`demo.roleWords.${account.role}`);
  return account.primary ? t('demo.useRole', { role }) : t('demo.useNamed', { name: account.name, role });
}

type AuthT = ReturnType<typeof useAuthT>['t'];

function AccountRow({ account, onUse }: { account: DemoAccount; onUse: DemoAccountsProps['onUse'] }) {
  const { t } = useAuthT();
  return (
    <li className="flex items-center justify-between gap-3 text-sm">
      <span className="min-w-0">
        <span className="block font-medium text-slate-200">
          {t(`demo.roles.${account.role}`)}
          <span className="font-normal text-slate-400">
            {' '}
            · {account.name}, {account.note}
          </span>
        </span>
        <span className="block truncate text-xs text-slate-400">{account.email}</span>
      </span>
      <button
        type="button"
        onClick={() => onUse(account.email, DEMO_PASSWORD)}
        aria-label={labelOf(account, t)}
        className="shrink-0 rounded-md border border-slate-700 px-2.5 py-1 text-xs font-medium text-slate-200 hover:border-sky-500 hover:text-white focus-visible:outline-2 focus-visible:outline-sky-400"
      >
        {t('demo.use')}
      </button>
    </li>
  );
}

interface DemoAccountsProps {
  onUse: (email: string, password: string) => void;
}

/**
 * Every demo sign-in the seed creates (the contract's DEMO_ACCOUNTS), shown on /login only when the server
 * runs with DEMO on: one of each role first, the second electrician and the other owners under "More".
 */
export function DemoAccounts({ onUse }: DemoAccountsProps) {
  const primary = DEMO_ACCOUNTS.filter((a) => a.primary);
  const more = DEMO_ACCOUNTS.filter((a) => !a.primary);
  const { t } = useAuthT();
  return (
    <section
      aria-labelledby="demo-accounts-title"
      className="mt-6 rounded-xl border border-slate-800 bg-slate-950/60 p-4"
    >
      <h2 id="demo-accounts-title" className="flex items-center gap-2 text-sm font-semibold text-slate-200">
        <KeyRound aria-hidden="true" className="h-4 w-4 text-sky-300" />
        {t('demo.title')}
      </h2>
      <p className="mt-1 text-xs text-slate-400">
        {t('demo.passwordFor', { count: DEMO_ACCOUNTS.length })}{' '}
        <code className="rounded bg-slate-800 px-1.5 py-0.5 text-slate-200">{DEMO_PASSWORD}</code>
      </p>
      <ul className="mt-3 space-y-2">
        {primary.map((account) => (
          <AccountRow key={account.email} account={account} onUse={onUse} />
        ))}
      </ul>
      {more.length > 0 ? (
        <details className="mt-3 border-t border-slate-800 pt-3">
          <summary className="cursor-pointer text-xs font-medium text-sky-300 hover:text-sky-200 focus-visible:outline-2 focus-visible:outline-sky-400">
            {t('demo.more', { count: more.length })}
          </summary>
          <ul className="mt-3 space-y-2">
            {more.map((account) => (
              <AccountRow key={account.email} account={account} onUse={onUse} />
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
