import type { ComponentPropsWithRef } from 'react';
import { cx } from './cx';
import { useCommonT } from '~/lib/i18n';

interface SwitchProps extends Omit<ComponentPropsWithRef<'button'>, 'onChange' | 'children' | 'role'> {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The visible name, e.g. 'Gang 1'. */
  label: string;
  /** Show the On/Off word beside the track (default true), so the state never rests on colour alone. */
  showState?: boolean;
}

/**
 * An on/off switch: a button with `role="switch"` and `aria-checked`, so Space and Enter toggle it and
 * screen readers announce its state. The label and the On/Off word are visible.
 */
export function Switch({
  checked,
  onCheckedChange,
  label,
  showState = true,
  disabled,
  className,
  ...rest
}: SwitchProps) {
  const { t } = useCommonT();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className={cx(
        'inline-flex items-center gap-2 rounded-lg px-1.5 py-1 text-sm text-slate-200 transition-colors',
        'hover:bg-slate-700/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400',
        'disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...rest}
    >
      <span
        aria-hidden="true"
        className={cx(
          'relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors',
          checked ? 'bg-emerald-500' : 'bg-slate-600',
        )}
      >
        <span
          className={cx(
            'inline-block h-4 w-4 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-4.5' : 'translate-x-0.5',
          )}
        />
      </span>
      <span>{label}</span>
      {showState ? (
        <span
          aria-hidden="true"
          className={cx('text-xs font-medium', checked ? 'text-emerald-300' : 'text-slate-400')}
        >
          {checked ? t('ui.on') : t('ui.off')}
        </span>
      ) : null}
    </button>
  );
}
