import { Search, X } from 'lucide-react';
import { Button, SelectField, TextField } from '~/components/ui';

/**
 * The search box and one choice filter of the Orders and Messages screens: typed text shows at once (the
 * URL follows when typing pauses, `useUrlSearchBox`); the choice applies at once; Clear resets both.
 */
export function InboxFilterBar({
  label,
  placeholder,
  text,
  onText,
  choiceLabel,
  choicePlaceholder,
  options,
  choice,
  onChoice,
  filtered,
  onClear,
}: {
  label: string;
  placeholder: string;
  text: string;
  onText: (text: string) => void;
  choiceLabel: string;
  choicePlaceholder: string;
  options: { value: string; label: string }[];
  choice: string;
  onChoice: (value: string) => void;
  filtered: boolean;
  onClear: () => void;
}) {
  return (
    <div
      role="search"
      aria-label={label}
      className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end"
    >
      <TextField
        label="Search"
        type="search"
        className="col-span-2 sm:w-80"
        placeholder={placeholder}
        autoComplete="off"
        value={text}
        onChange={(event) => onText(event.target.value)}
        trailing={<Search aria-hidden="true" className="h-4 w-4 text-slate-500" />}
      />
      <SelectField
        label={choiceLabel}
        className="sm:w-44"
        placeholder={choicePlaceholder}
        options={options}
        value={choice}
        onChange={(event) => onChoice(event.target.value)}
      />
      {filtered ? (
        <Button
          variant="ghost"
          className="justify-self-start"
          onClick={onClear}
          icon={<X aria-hidden="true" className="h-4 w-4" />}
        >
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

/** The skeleton rows shown while a list's first page loads. */
export function ListSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="space-y-2 rounded-xl border border-slate-700 bg-slate-800/60 p-4">
      <span role="status" className="sr-only">
        {label}
      </span>
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="h-10 animate-pulse rounded bg-slate-700/50" />
      ))}
    </div>
  );
}
