import { REPORT_BUCKETS, reportRangeError, type ReportBucket } from '@isaac/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button, cx, DateField, SelectField } from '~/components/ui';
import { BUCKET_LABELS, REPORT_PRESETS, type ReportPreset, type ReportRange } from '../../model/report-range';

interface ReportRangeFormProps {
  range: ReportRange;
  onChange: (range: ReportRange) => void;
}

const PRESET_OPTIONS: { value: ReportPreset; label: string }[] = [
  ...REPORT_PRESETS.map((p) => ({ value: p.value, label: p.label })),
  { value: 'custom', label: 'Custom' },
];

/**
 * The range controls: presets as a group of toggle buttons (last 7 / 30 / 90 days, Custom), a custom
 * from–to pair applied with its own button (checked as the API checks it), and the bucket.
 */
export function ReportRangeForm({ range, onChange }: ReportRangeFormProps) {
  const groupLabel = useId();
  const [custom, setCustom] = useState(range.preset === 'custom');
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [error, setError] = useState<{ field: 'from' | 'to'; message: string } | undefined>();

  const choosePreset = (preset: ReportPreset) => {
    if (preset === 'custom') {
      setCustom(true);
      setFrom(range.from);
      setTo(range.to);
      return;
    }
    setCustom(false);
    setError(undefined);
    onChange({ ...range, preset });
  };

  const applyCustom = (event: FormEvent) => {
    event.preventDefault();
    const problem = reportRangeError(from, to);
    setError(problem);
    if (!problem) onChange({ ...range, preset: 'custom', from, to });
  };

  const selected: ReportPreset = custom ? 'custom' : range.preset;
  return (
    <div className="space-y-4 rounded-xl border border-slate-700/80 bg-slate-800/60 p-4">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p id={groupLabel} className="mb-1.5 text-sm font-medium text-slate-200">
            Date range
          </p>
          <div role="group" aria-labelledby={groupLabel} className="flex flex-wrap gap-2">
            {PRESET_OPTIONS.map((option) => (
              <button
                key={option.value}
                type="button"
                aria-pressed={selected === option.value}
                onClick={() => choosePreset(option.value)}
                className={cx(
                  'rounded-lg border px-3 py-1.5 text-sm font-medium transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400',
                  selected === option.value
                    ? 'border-sky-500 bg-sky-700 text-white'
                    : 'border-slate-600 text-slate-200 hover:border-slate-400 hover:bg-slate-800',
                )}
              >
                {option.label}
              </button>
            ))}
          </div>
        </div>
        <SelectField
          label="Group by"
          className="sm:w-40"
          value={range.bucket}
          onChange={(event) => onChange({ ...range, bucket: event.target.value as ReportBucket })}
          options={REPORT_BUCKETS.map((bucket) => ({ value: bucket, label: BUCKET_LABELS[bucket] }))}
        />
      </div>
      {custom ? (
        <form
          noValidate
          onSubmit={applyCustom}
          aria-label="Custom date range"
          className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        >
          <DateField
            label="From"
            value={from}
            onChange={setFrom}
            error={error?.field === 'from' ? error.message : undefined}
            required
          />
          <DateField
            label="To"
            value={to}
            onChange={setTo}
            error={error?.field === 'to' ? error.message : undefined}
            required
          />
          <Button type="submit" className="sm:mt-7">
            Apply
          </Button>
        </form>
      ) : null}
    </div>
  );
}
