import { RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '@isaac/contract';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '~/components/ui/Button';
import { TextField } from '~/components/ui/fields';
import type { SecondFactor } from '~/lib/auth';
import { useAuthT } from '~/lib/i18n/auth-texts';
import auth from '~/lib/i18n/en/auth';
import { useLocaliseMessage } from '~/lib/i18n/messages';

export const CODE_STEP_MESSAGES = {
  codeInvalid: auth.twoFactor.codeInvalid,
  recoveryInvalid: auth.twoFactor.recoveryInvalid,
} as const;

export interface TwoFactorStepProps {
  /** The account being signed in to (its password was right). */
  email: string;
  /** What the server asked for ('Enter the 6-digit code from your authenticator app'). */
  prompt: string;
  /** Signs in with the code: resolves with an error message to show, or null when signed in. */
  onSubmit: (factor: SecondFactor) => Promise<string | null>;
  /** Back to the e-mail and password (kept as typed). */
  onBack: () => void;
}

/**
 * /login's second step (ADR 028), loaded only when the API answers `two_factor_required`: a numeric
 * one-time-code field (phones offer the code from a message or an authenticator), or, switched, a
 * recovery code. A wrong code clears the field and puts the focus back in it.
 */
export function TwoFactorStep({ email, prompt, onSubmit, onBack }: TwoFactorStepProps) {
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const { t } = useAuthT();
  const localise = useLocaliseMessage();

  useEffect(() => {
    input.current?.focus();
  }, [recovery]);

  const switchMode = () => {
    setRecovery((r) => !r);
    setValue('');
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const code = value.replace(/\s+/g, '');
    const valid = recovery ? RECOVERY_CODE_PATTERN.test(code) : TOTP_CODE_PATTERN.test(code);
    if (!valid) {
      setError(recovery ? CODE_STEP_MESSAGES.recoveryInvalid : CODE_STEP_MESSAGES.codeInvalid);
      input.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    const failure = await onSubmit(recovery ? { recovery_code: code } : { otp: code });
    if (failure !== null) {
      setBusy(false);
      setError(failure);
      setValue('');
      input.current?.focus();
    }
  };

  return (
    <form className="mt-6 space-y-4" noValidate onSubmit={(event) => void submit(event)}>
      <div className="flex gap-3 rounded-xl border border-sky-500/30 bg-sky-500/10 p-3 text-sm text-sky-100">
        <ShieldCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-sky-300" />
        <p>
          {recovery ? t('twoFactor.recoveryPrompt') : localise(prompt)}
          <span className="mt-0.5 block text-xs text-sky-200/70">
            {t('twoFactor.signingInAs', { email })}
          </span>
        </p>
      </div>
      <TextField
        ref={input}
        key={recovery ? 'recovery' : 'otp'}
        label={recovery ? t('twoFactor.recoveryCode') : t('twoFactor.code')}
        name={recovery ? 'recovery_code' : 'otp'}
        value={value}
        onChange={(event) =>
          setValue(recovery ? event.target.value : event.target.value.replace(/\D+/g, '').slice(0, 6))
        }
        error={error ?? undefined}
        {...(recovery
          ? {
              autoComplete: 'off',
              autoCapitalize: 'none',
              spellCheck: false,
              placeholder: 'abcde-12345',
              maxLength: 20,
            }
          : {
              inputMode: 'numeric' as const,
              autoComplete: 'one-time-code',
              pattern: '[0-9]*',
              placeholder: '123456',
              maxLength: 6,
            })}
      />
      <Button type="submit" size="lg" className="w-full" loading={busy}>
        {busy ? t('twoFactor.verifying') : t('twoFactor.verify')}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button
          type="button"
          onClick={onBack}
          className="inline-flex items-center gap-1 rounded text-slate-400 hover:text-white focus-visible:outline-2 focus-visible:outline-sky-400"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          {t('twoFactor.back')}
        </button>
        <button
          type="button"
          onClick={switchMode}
          className="rounded text-sky-300 hover:text-sky-200 focus-visible:outline-2 focus-visible:outline-sky-400"
        >
          {recovery ? t('twoFactor.useApp') : t('twoFactor.useRecovery')}
        </button>
      </div>
    </form>
  );
}
