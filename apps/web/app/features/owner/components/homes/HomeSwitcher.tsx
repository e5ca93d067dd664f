import { Home } from 'lucide-react';
import { useId } from 'react';
import { useHomes, useSwitchHome } from '../../api/homes';
import { useOwnerT } from '~/lib/i18n/owner-texts';

/**
 * The owner shell's home switcher (issue 32): the current home's name; with more than one home, a select
 * that switches (the server remembers the choice for the next visit). Narrow enough for a 390 px header.
 */
export function HomeSwitcher() {
  const id = useId();
  const homes = useHomes();
  const { t } = useOwnerT();
  const switchHome = useSwitchHome();
  const items = homes.data?.items ?? [];
  const current = items.find((h) => h.current);
  if (!current) return null;
  if (items.length === 1) {
    return (
      <span
        className="hidden max-w-40 items-center gap-1.5 truncate text-sm text-slate-300 sm:flex"
        data-testid="current-home"
      >
        <Home aria-hidden="true" className="h-4 w-4 shrink-0 text-sky-300" />
        <span className="truncate">{current.name}</span>
      </span>
    );
  }
  return (
    <span className="flex min-w-0 items-center gap-1.5">
      <label htmlFor={id} className="sr-only">
        {t('members.homeLabel')}
      </label>
      <Home aria-hidden="true" className="hidden h-4 w-4 shrink-0 text-sky-300 sm:block" />
      <select
        id={id}
        value={current._id}
        disabled={switchHome.isPending}
        onChange={(event) => switchHome.mutate(event.target.value)}
        className="max-w-36 truncate rounded-lg border border-slate-600 bg-slate-900/70 px-2 py-1.5 text-sm text-slate-100 focus:outline-2 focus:outline-sky-500 sm:max-w-52"
      >
        {items.map((h) => (
          <option key={h._id} value={h._id}>
            {h.name}
            {h.role === 'owner' ? '' : ` (${t(`members.roleInSwitcher.${h.role}`)})`}
          </option>
        ))}
      </select>
    </span>
  );
}
