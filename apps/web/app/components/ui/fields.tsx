import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useId, useState } from 'react';
import { formatIndianDate, parseIndianDate } from '~/lib/format';
import { cx } from './cx';
import { useCommonT } from '~/lib/i18n';
import { useLocaliseMessage } from '~/lib/i18n/messages';

const CONTROL =
  'block w-full rounded-lg border bg-slate-900/70 px-3 py-2 text-sm text-slate-100 placeholder:text-slate-500 ' +
  'transition-colors focus:outline-2 focus:outline-offset-0 focus:outline-sky-500 disabled:opacity-60';
const CONTROL_OK = 'border-slate-600 hover:border-slate-500';
const CONTROL_ERROR = 'border-red-500';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

function FieldFrame({ id, label, error, hint, required, className, children }: FieldFrameProps) {
  // A form rule's English message (the contract's zod schemas) in the language shown.
  const localise = useLocaliseMessage();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-200">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-400">
            *
          </span>
        ) : null}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-400">
          {localise(error)}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'className'> {
  label: ReactNode;
  /** Shown under the field, linked with aria-describedby; marks the input aria-invalid. */
  error?: string;
  hint?: ReactNode;
  /** Content inside the right edge of the input (e.g. a show/hide password button). */
  trailing?: ReactNode;
  className?: string;
  inputClassName?: string;
}

/** A labelled input that works with react-hook-form's `register` (the ref is passed through). */
export function TextField({
  label,
  error,
  hint,
  trailing,
  className,
  inputClassName,
  id: givenId,
  required,
  ...input
}: TextFieldProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={required} className={className}>
      <div className="relative">
        <input
          id={id}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={cx(
            CONTROL,
            error ? CONTROL_ERROR : CONTROL_OK,
            trailing ? 'pr-11' : undefined,
            inputClassName,
          )}
          {...input}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-0 flex items-center pr-1.5">{trailing}</div>
        ) : null}
      </div>
    </FieldFrame>
  );
}

interface SelectFieldProps extends Omit<ComponentPropsWithRef<'select'>, 'className'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** A first, empty option (e.g. 'Select a room'). */
  placeholder?: string;
  className?: string;
}

export function SelectField({
  label,
  error,
  hint,
  options,
  placeholder,
  className,
  id: givenId,
  required,
  ...select
}: SelectFieldProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={required} className={className}>
      <select
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={cx(CONTROL, error ? CONTROL_ERROR : CONTROL_OK)}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends Omit<ComponentPropsWithRef<'textarea'>, 'className'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
}

export function TextAreaField({
  label,
  error,
  hint,
  className,
  id: givenId,
  required,
  rows = 3,
  ...textarea
}: TextAreaFieldProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={required} className={className}>
      <textarea
        id={id}
        rows={rows}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={cx(CONTROL, error ? CONTROL_ERROR : CONTROL_OK)}
        {...textarea}
      />
    </FieldFrame>
  );
}

interface DateFieldProps extends Omit<
  TextFieldProps,
  'value' | 'onChange' | 'type' | 'min' | 'max' | 'defaultValue'
> {
  /** The date as `YYYY-MM-DD`, or '' for none. */
  value: string;
  /** Called with `YYYY-MM-DD` once the text is a real date, '' while it is empty or not (yet) a date. */
  onChange: (iso: string) => void;
}

/**
 * A date typed the Indian way, dd/mm/yyyy, whatever the browser's locale (issue 30: a native date input
 * shows mm/dd/yyyy on an en-US browser). The text is kept as typed; the value is ISO. A date pasted as
 * YYYY-MM-DD is taken too. Leaving the field with text that is not a date says so.
 */
export function DateField({ value, onChange, error, hint, onBlur, ...rest }: DateFieldProps) {
  const { t } = useCommonT();
  const [text, setText] = useState(() => formatIndianDate(value));
  const [shown, setShown] = useState(value);
  const [invalid, setInvalid] = useState(false);
  // the value changed from outside (a reset, a link): show it
  if (value !== shown) {
    setShown(value);
    if ((parseIndianDate(text) ?? '') !== value) setText(formatIndianDate(value));
  }
  return (
    <TextField
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder="dd/mm/yyyy"
      value={text}
      error={error ?? (invalid ? t('ui.dateInvalid') : undefined)}
      hint={hint ?? t('ui.dateHint')}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        setInvalid(false);
        const iso = parseIndianDate(next) ?? '';
        setShown(iso);
        onChange(iso);
      }}
      onBlur={(event) => {
        setInvalid(text.trim() !== '' && parseIndianDate(text) === null);
        onBlur?.(event);
      }}
    />
  );
}
