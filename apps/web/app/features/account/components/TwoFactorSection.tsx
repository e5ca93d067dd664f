import {
  MSG,
  TOTP_CODE_PATTERN,
  type TwoFactorSetup,
  type TwoFactorStatus,
  ADMIN_MSG,
} from '@isaac/contract';
import { Copy, Download, KeyRound, ShieldAlert, ShieldCheck, ShieldOff } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Badge, Button, ErrorState, Spinner, TextField } from '~/components/ui';
import { ApiError, errorMessage } from '~/lib/api-client';
import { formatDateTime } from '~/lib/format';
import { toast } from '~/lib/toast';
import { type TwoFactorDisable, useDisableTwoFactor } from '../api/disable-two-factor';
import { useRenewRecoveryCodes } from '../api/renew-recovery-codes';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useTwoFactor } from '../api/get-two-factor';
import { useSetupTwoFactor } from '../api/setup-two-factor';
import { saveFile } from '~/lib/save-file';
import { useAccountT } from '~/lib/i18n/account-texts';
import account from '~/lib/i18n/en/account';

/** Texts tests and other modules match (the catalogue's English, lib/i18n/en/account.ts). */
export const TWO_FACTOR_TEXT = {
  required: account.twoFactor.required,
  codeInvalid: account.twoFactor.codeInvalid,
  copied: account.twoFactor.copied,
  copyFailed: account.twoFactor.copyFailed,
} as const;

/**
 * Two-factor sign-in for the signed-in user (ADR 028): off → set up (QR code, the secret as text,
 * confirm with a code) → the recovery codes, shown once, to copy or download; on → new recovery codes, or
 * turn it off, each with the password and a code (ADR 085).
 */
export function TwoFactorSection() {
  const status = useTwoFactor();
  // Shown once, right after turning it on or making new ones; kept here until dismissed (the status refetch
  // does not lose them).
  const [codes, setCodes] = useState<{ codes: string[]; renewed: boolean } | null>(null);
  const { t } = useAccountT();

  if (codes) return <RecoveryCodes {...codes} onDone={() => setCodes(null)} />;
  if (status.isPending) {
    return (
      <div className="flex justify-center py-8 text-sky-400">
        <Spinner size="lg" label={t('twoFactor.loading')} />
      </div>
    );
  }
  if (status.isError) {
    return (
      <ErrorState
        title={ADMIN_MSG.loadTwoFactor}
        message={status.error.message}
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    );
  }
  return status.data.enabled ? (
    <TwoFactorOn status={status.data} onRenewed={(renewed) => setCodes({ codes: renewed, renewed: true })} />
  ) : (
    <TwoFactorOff
      required={status.data.required}
      onEnabled={(enabled) => setCodes({ codes: enabled, renewed: false })}
    />
  );
}

function TwoFactorOff({ required, onEnabled }: { required: boolean; onEnabled: (codes: string[]) => void }) {
  const setup = useSetupTwoFactor();
  const [secret, setSecret] = useState<TwoFactorSetup | null>(null);
  const { t } = useAccountT();

  return (
    <div className="space-y-4">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-300">
        <Badge tone="slate">{t('twoFactor.off')}</Badge>
        {t('twoFactor.offText')}
      </p>
      {required ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-100"
        >
          <ShieldAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-300" />
          <span>{t('twoFactor.required')}</span>
        </p>
      ) : null}
      {secret ? (
        <SetupSteps setup={secret} onCancel={() => setSecret(null)} onEnabled={onEnabled} />
      ) : (
        <Button
          loading={setup.isPending}
          onClick={() => setup.mutate(undefined, { onSuccess: setSecret })}
          icon={<ShieldCheck aria-hidden="true" className="h-4 w-4" />}
        >
          {t('twoFactor.setUp')}
        </Button>
      )}
    </div>
  );
}

function SetupSteps({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const grouped = setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret;
  const { t } = useAccountT();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!TOTP_CODE_PATTERN.test(code)) {
      setError(t('twoFactor.codeInvalid'));
      return;
    }
    setError(undefined);
    enable.mutate(code, {
      onSuccess: (result) => onEnabled(result.recovery_codes),
      onError: (err) => {
        setCode('');
        setError(errorMessage(err, ADMIN_MSG.twoFactorEnableFailed));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={t('twoFactor.setUp')}>
      <ol className="list-decimal space-y-4 pl-5 text-sm text-slate-300">
        <li>
          {t('twoFactor.scan')}
          <img
            src={setup.qr_svg_data_url}
            alt={t('twoFactor.qrAlt')}
            width={176}
            height={176}
            className="mt-3 rounded-lg bg-white p-2"
          />
        </li>
        <li>
          {t('twoFactor.typeKey')}
          <code
            data-testid="two-factor-secret"
            aria-label={t('twoFactor.setupKey', { key: setup.secret })}
            className="mt-2 block rounded-lg bg-slate-900 px-3 py-2 font-mono text-sm tracking-wider break-all text-sky-200 select-all"
          >
            {grouped}
          </code>
        </li>
        <li>{t('twoFactor.enterCode')}</li>
      </ol>
      <TextField
        label={t('twoFactor.code')}
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        placeholder="123456"
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D+/g, '').slice(0, 6))}
        error={error}
        className="max-w-xs"
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={enable.isPending}>
          {t('twoFactor.turnOn')}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('common:ui.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The recovery codes, once (after turning it on, or new ones): copy, download as a text file, then done. */
function RecoveryCodes({
  codes,
  renewed,
  onDone,
}: {
  codes: string[];
  renewed: boolean;
  onDone: () => void;
}) {
  const text = codes.join('\n');
  const { t } = useAccountT();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('twoFactor.copied'));
    } catch {
      toast.error(t('twoFactor.copyFailed'));
    }
  };
  const download = () =>
    saveFile(
      new Blob([`Isaac recovery codes\n\n${text}\n`], { type: 'text/plain' }),
      'isaac-recovery-codes.txt',
    );
  return (
    <div className="space-y-4">
      <p role="status" className="flex items-start gap-2 text-sm text-emerald-200">
        <ShieldCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        <span>
          {renewed ? t('twoFactor.renewedText') : `${t('twoFactor.isOn')}.`} {t('twoFactor.saveCodes')}
        </span>
      </p>
      <ul
        aria-label={t('twoFactor.codes')}
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-900 p-3 font-mono text-sm text-slate-100"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          onClick={() => void copy()}
          icon={<Copy aria-hidden="true" className="h-4 w-4" />}
        >
          {t('twoFactor.copy')}
        </Button>
        <Button
          variant="outline"
          onClick={download}
          icon={<Download aria-hidden="true" className="h-4 w-4" />}
        >
          {t('twoFactor.download')}
        </Button>
        <Button onClick={onDone}>{t('twoFactor.saved')}</Button>
      </div>
    </div>
  );
}

/** What the signed-in user does with it on, each behind their password and a current code. */
type OnAction = 'renew' | 'off';
/** Fewer recovery codes than this left: the section suggests making new ones. */
const FEW_CODES = 3;

function TwoFactorOn({
  status,
  onRenewed,
}: {
  status: TwoFactorStatus;
  onRenewed: (codes: string[]) => void;
}) {
  const disable = useDisableTwoFactor();
  const renew = useRenewRecoveryCodes();
  const [action, setAction] = useState<OnAction | null>(null);
  const { t } = useAccountT();
  const left = status.recovery_codes_left;

  return (
    <div className="space-y-4">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-300">
        <Badge tone="green">{t('twoFactor.on')}</Badge>
        {/* One flex item, so the count stays beside its words when the line wraps. */}
        <span>
          {status.enabled_at ? t('twoFactor.since', { date: formatDateTime(status.enabled_at) }) : null}{' '}
          {t('twoFactor.codesLeft')} <span className="font-medium text-white">{left}</span>
        </span>
      </p>
      {left < FEW_CODES ? (
        <p className="flex items-start gap-2 text-sm text-amber-200">
          <ShieldAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-300" />
          <span>{t('twoFactor.codesLow', { count: left })}</span>
        </p>
      ) : null}
      {action === 'renew' ? (
        <PasswordAndCodeForm
          label={t('twoFactor.newCodes')}
          intro={t('twoFactor.newCodesText')}
          submit={t('twoFactor.makeCodes')}
          icon={<KeyRound aria-hidden="true" className="h-4 w-4" />}
          pending={renew.isPending}
          fallbackError={ADMIN_MSG.recoveryCodesFailed}
          send={(body, onError) =>
            renew.mutate(body, { onSuccess: (result) => onRenewed(result.recovery_codes), onError })
          }
          onCancel={() => setAction(null)}
        />
      ) : action === 'off' ? (
        <PasswordAndCodeForm
          label={t('twoFactor.turnOffForm')}
          intro={status.required ? t('twoFactor.required') : undefined}
          submit={t('twoFactor.turnOff')}
          danger
          icon={<ShieldOff aria-hidden="true" className="h-4 w-4" />}
          pending={disable.isPending}
          fallbackError={ADMIN_MSG.twoFactorDisableFailed}
          send={(body, onError) => disable.mutate(body, { onError })}
          onCancel={() => setAction(null)}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => setAction('renew')}
            icon={<KeyRound aria-hidden="true" className="h-4 w-4" />}
          >
            {t('twoFactor.newCodes')}
          </Button>
          <Button
            variant="outline"
            onClick={() => setAction('off')}
            icon={<ShieldOff aria-hidden="true" className="h-4 w-4" />}
          >
            {t('twoFactor.turnOffForm')}
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * The password and a current code (authenticator or recovery code), which turning it off and making new
 * recovery codes both ask for: checked for presence here, by the server for the rest (a wrong password goes
 * on its field, anything else on the code's).
 */
function PasswordAndCodeForm({
  label,
  intro,
  submit,
  icon,
  danger = false,
  pending,
  fallbackError,
  send,
  onCancel,
}: {
  label: string;
  intro?: string | undefined;
  submit: string;
  icon: ReactNode;
  danger?: boolean;
  pending: boolean;
  fallbackError: string;
  send: (body: TwoFactorDisable, onError: (err: Error) => void) => void;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const { t } = useAccountT();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      password: password ? undefined : MSG.passwordRequired,
      code: code.trim() ? undefined : t('twoFactor.codeInvalid'),
    };
    setErrors(missing);
    if (missing.password || missing.code) return;
    send({ password, code: code.trim() }, (err) => {
      const message = errorMessage(err, fallbackError);
      const onPassword = err instanceof ApiError && err.details?.some((d) => d.path === 'password');
      setErrors(onPassword ? { password: message } : { code: message });
      setCode('');
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={label}>
      {intro ? <p className={danger ? 'text-sm text-amber-200' : 'text-sm text-slate-300'}>{intro}</p> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('twoFactor.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <TextField
          label={t('twoFactor.codeOrRecovery')}
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={errors.code}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={pending} icon={icon}>
          {submit}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('common:ui.cancel')}
        </Button>
      </div>
    </form>
  );
}
