import { Button, Spinner } from '~/components/ui';

export interface CheckListItem {
  id: string;
  label: string;
  detail?: string;
}

interface CheckListProps {
  legend: string;
  items: CheckListItem[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  empty: string;
}

/** A labelled group of checkboxes for picking several rows in a dialog (keyboard: Tab and Space). */
export function CheckList({
  legend,
  items,
  chosen,
  onChange,
  loading,
  error,
  onRetry,
  empty,
}: CheckListProps) {
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...chosen, id] : chosen.filter((value) => value !== id));
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-200">
        {legend} <span className="font-normal text-slate-400">({chosen.length} chosen)</span>
      </legend>
      <div className="max-h-60 overflow-y-auto rounded-lg border border-slate-600 bg-slate-900/70">
        {loading ? (
          <p role="status" className="flex items-center gap-2 p-3 text-sm text-slate-400">
            <Spinner /> Loading…
          </p>
        ) : error ? (
          <div role="alert" className="flex items-center justify-between gap-2 p-3 text-sm text-red-300">
            {error}
            <Button size="sm" variant="outline" onClick={onRetry}>
              Retry
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className="p-3 text-sm text-slate-400">{empty}</p>
        ) : (
          <ul className="divide-y divide-slate-700/70">
            {items.map((item) => (
              <li key={item.id}>
                <label className="flex cursor-pointer items-start gap-3 px-3 py-2 hover:bg-slate-800">
                  <input
                    type="checkbox"
                    className="mt-0.5 h-4 w-4 accent-sky-500"
                    checked={chosen.includes(item.id)}
                    onChange={(event) => toggle(item.id, event.target.checked)}
                  />
                  <span className="min-w-0 text-sm">
                    <span className="block text-slate-100">{item.label}</span>
                    {item.detail ? (
                      <span className="block text-xs break-all text-slate-400">{item.detail}</span>
                    ) : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  );
}
