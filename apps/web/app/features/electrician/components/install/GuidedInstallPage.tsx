import {
  GUIDED_STEPS,
  TRAINING_ITEMS,
  type Device,
  type ElectricianCustomer,
  type GuidedStep,
  type Installation,
} from '@isaac/contract';
import { CheckCircle2, ChevronLeft, ChevronRight, Circle, PartyPopper, Plus } from 'lucide-react';
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  Badge,
  Button,
  ButtonLink,
  EmptyState,
  ErrorState,
  PanelLoading,
  TextAreaField,
  TextField,
} from '~/components/ui';
import { useOnline } from '~/lib/offline/online';
import { useOutbox } from '~/lib/offline/outbox';
import { ELECTRICIAN_PATHS } from '~/lib/paths';
import { useCustomerHome } from '../../api/get-customer-home';
import {
  useAddDeviceBySerial,
  useConfirmTraining,
  useGuidedInstallation,
  useSaveSignature,
  useSetStep,
  useStartGuided,
} from '../../api/guided-install';
import { useCompleteInstallation } from '../../api/installation-changes';
import { cachedOpenInstallation } from '../../api/offline';
import { useElectricianCustomers } from '../../api/list-customers';
import {
  completionWaitsFor,
  CUSTOMER_STATUS,
  deviceNeeds,
  deviceProgress,
  formatDay,
  localIsoDate,
} from '../../model/installation';
import { AssignRoomDialog, CreateRoomDialog } from '../customer-mode/HomeDialogs';
import { ConfigureDeviceDialog } from '../devices/ConfigureDeviceDialog';
import { DeviceTests } from '../installations/DeviceTests';
import { ReopenForm } from './ReopenForm';
import { SignatureField } from './SignatureField';
import { useElectricianT } from '~/lib/i18n/electrician-texts';
import { useLocaliseMessage } from '~/lib/i18n/messages';

/**
 * /electrician/install — the guided install (ADR 034), a screen per step kept on the server (`?installation=`):
 * devices by serial → rooms → WiFi → check and test each → training → signature → complete with handover notes.
 */
export function GuidedInstallPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('installation');
  const installation = useGuidedInstallation(id);
  const { t } = useElectricianT();
  if (id === null) return <PickCustomer onStarted={(started) => setParams({ installation: started._id })} />;
  if (installation.isPending) return <PanelLoading label={t('install.loadingTheInstallation')} />;
  if (installation.isError && !installation.data) {
    return (
      <ErrorState
        title={t('msg.loadInstallations')}
        message={installation.error.message}
        onRetry={() => void installation.refetch()}
        retrying={installation.isFetching}
      />
    );
  }
  return installation.data ? (
    <Steps installation={installation.data} onRestart={() => setParams({})} />
  ) : null;
}

function PickCustomer({ onStarted }: { onStarted: (installation: Installation) => void }) {
  const customers = useElectricianCustomers();
  const start = useStartGuided();
  const client = useQueryClient();
  const { t } = useElectricianT();
  // Offline, an installation under way resumes from what this phone last read (starting needs the server).
  const begin = (id: string) => {
    const cached = navigator.onLine ? undefined : cachedOpenInstallation(client, id);
    if (cached) onStarted(cached);
    else start.mutate(id, { onSuccess: onStarted });
  };
  if (customers.isPending) return <PanelLoading label={t('install.loadingCustomers')} />;
  if (customers.isError) {
    return (
      <ErrorState
        title={t('msg.loadCustomers')}
        onRetry={() => void customers.refetch()}
        retrying={customers.isFetching}
      />
    );
  }
  const today = localIsoDate(new Date());
  const open = customers.data.users.filter((c) => c['customer-status'] !== 'completed');
  // today's first, then by date
  const ordered = [...open].sort(
    (a, b) =>
      Number(b.installation_date === today) - Number(a.installation_date === today) ||
      (a.installation_date ?? '9999').localeCompare(b.installation_date ?? '9999'),
  );
  return (
    <section aria-labelledby="pick-heading" className="mx-auto max-w-2xl space-y-4">
      <h2 id="pick-heading" className="text-lg font-semibold text-white">
        {t('install.whose')}
      </h2>
      {ordered.length === 0 ? (
        <EmptyState
          title={t('install.noInstallationToDo')}
          description={t('install.everyAssignedCustomerIsCompleted')}
        />
      ) : (
        <ul className="space-y-2">
          {ordered.map((customer: ElectricianCustomer) => (
            <li
              key={customer._id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-700 bg-slate-800/60 p-4"
            >
              <div>
                <p className="font-medium text-slate-100">
                  {customer.name}{' '}
                  {customer.installation_date === today ? (
                    <Badge tone="yellow">{t('install.today')}</Badge>
                  ) : null}
                </p>
                <p className="text-xs text-slate-400">
                  {formatDay(customer.installation_date)} ·{' '}
                  {CUSTOMER_STATUS[customer['customer-status']].label}
                </p>
              </div>
              <Button
                loading={start.isPending && start.variables === customer._id}
                onClick={() => begin(customer._id)}
              >
                {customer['customer-status'] === 'in_progress' ? t('install.resume') : t('install.start')}
                <span className="sr-only"> {t('installations.completeFor', { name: customer.name })}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Steps({ installation, onRestart }: { installation: Installation; onRestart: () => void }) {
  const setStep = useSetStep();
  const { t } = useElectricianT();
  const step: GuidedStep = installation.guided_step ?? 'devices';
  const index = GUIDED_STEPS.indexOf(step);
  const go = (to: GuidedStep) => setStep.mutate({ id: installation._id, step: to });
  const back = index > 0 ? () => go(GUIDED_STEPS[index - 1] ?? 'devices') : undefined;
  const next = (to = GUIDED_STEPS[index + 1]) => (to ? go(to) : undefined);

  if (installation.status === 'completed') {
    return (
      <section className="mx-auto max-w-xl space-y-4 text-center" aria-labelledby="done-heading">
        <PartyPopper aria-hidden="true" className="mx-auto h-10 w-10 text-emerald-300" />
        <h2 id="done-heading" className="text-lg font-semibold text-white">
          {t('install.completed')}
        </h2>
        <p className="text-sm text-slate-300">
          {installation.signature
            ? t('install.readySigned', {
                name: installation.customer.name,
                signer: installation.signature.signed_by,
              })
            : t('install.ready', { name: installation.customer.name })}
        </p>
        <p className="text-sm text-slate-400">
          {installation.session_id ? `${installation.session_id} · ` : ''}
          {deviceProgress(installation.devices).text}
        </p>
        <div className="flex justify-center gap-2">
          <Button variant="outline" onClick={onRestart}>
            {t('install.another')}
          </Button>
          <ButtonLink to={ELECTRICIAN_PATHS.installations}>{t('install.all')}</ButtonLink>
        </div>
      </section>
    );
  }

  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <header className="space-y-2">
        <p className="text-sm text-slate-400">
          {installation.customer.name} ·{' '}
          {t('install.stepOf', { step: index + 1, count: GUIDED_STEPS.length })}
        </p>
        <h2 className="text-lg font-semibold text-white">{t(`install.stepTitles.${step}`)}</h2>
        <ol aria-label={t('install.steps')} className="grid grid-cols-7 gap-1">
          {GUIDED_STEPS.map((s, i) => (
            <li key={s} aria-current={s === step ? 'step' : undefined} className="min-w-0 space-y-1">
              <span
                aria-hidden="true"
                className={
                  i <= index ? 'block h-1.5 rounded-full bg-sky-500' : 'block h-1.5 rounded-full bg-slate-700'
                }
              />
              <span
                className={`block truncate text-center text-[10px] leading-tight sm:text-xs ${
                  s === step ? 'font-semibold text-sky-200' : i < index ? 'text-slate-300' : 'text-slate-500'
                }`}
              >
                {t(`install.stepNames.${s}`)}
                {i < index ? <span className="sr-only"> {t('install.doneMark')}</span> : null}
              </span>
            </li>
          ))}
        </ol>
      </header>
      {step === 'devices' ? (
        <DevicesStep installation={installation} back={back} next={() => next()} />
      ) : step === 'rooms' ? (
        <RoomsStep installation={installation} back={back} next={() => next()} />
      ) : step === 'configure' ? (
        <ConfigureStep installation={installation} back={back} next={() => next()} />
      ) : step === 'check' ? (
        <CheckStep installation={installation} back={back} next={() => next()} />
      ) : step === 'training' ? (
        <TrainingStep installation={installation} back={back} next={() => next()} />
      ) : step === 'signature' ? (
        <SignatureStep installation={installation} back={back} next={() => next()} />
      ) : (
        <HandoverStep installation={installation} back={back} />
      )}
    </div>
  );
}

interface StepProps {
  installation: Installation;
  back?: () => void;
  next: () => void;
}

function StepNav({
  back,
  next,
  nextLabel,
  disabled,
  hint,
}: {
  back?: () => void;
  next?: () => void;
  nextLabel?: string;
  disabled?: boolean;
  hint?: ReactNode;
}) {
  const { t } = useElectricianT();
  return (
    <div className="space-y-2 border-t border-slate-700 pt-4">
      {hint ? <p className="text-sm text-amber-300">{hint}</p> : null}
      <div className="flex justify-between gap-2">
        {back ? (
          <Button
            variant="ghost"
            onClick={back}
            icon={<ChevronLeft aria-hidden="true" className="h-4 w-4" />}
          >
            {t('install.back')}
          </Button>
        ) : (
          <span />
        )}
        {next ? (
          <Button onClick={next} disabled={disabled}>
            {nextLabel ?? t('install.next')}
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function DeviceChecklist({ installation }: { installation: Installation }) {
  const { t } = useElectricianT();
  if (installation.devices.length === 0) {
    return <p className="text-sm text-slate-400">{t('install.noDeviceYet')}</p>;
  }
  return (
    <ul className="divide-y divide-slate-700/70 rounded-xl border border-slate-700 bg-slate-800/60">
      {installation.devices.map((d) => (
        <li key={d.device_id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
          <span className="text-slate-100">{d.device_name}</span>
          {d.status === 'configured' ? (
            <span className="flex items-center gap-1 text-emerald-300">
              <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> {t('devices.configured')}
            </span>
          ) : (
            <span className="flex items-center gap-1 text-amber-200">
              <Circle aria-hidden="true" className="h-4 w-4" />{' '}
              {t('install.notConfigured', {
                needs: d.missing.map((need) => t(`needs.${need}`)).join(', '),
              })}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

function DevicesStep({ installation, back, next }: StepProps) {
  const add = useAddDeviceBySerial();
  const { t } = useElectricianT();
  const [serial, setSerial] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!serial.trim()) {
      setError(t('install.serialRequired'));
      return;
    }
    add.mutate(
      { id: installation._id, serial: serial.trim() },
      { onSuccess: () => setSerial(''), onError: (err) => setError(err.message) },
    );
  };
  return (
    <section className="space-y-4">
      <p className="text-sm text-slate-300">{t('install.scan', { name: installation.customer.name })}</p>
      <form className="flex items-end gap-2" onSubmit={submit} noValidate>
        <TextField
          label={t('install.serialNumber')}
          className="flex-1"
          autoComplete="off"
          value={serial}
          error={error}
          onChange={(e) => {
            setSerial(e.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" loading={add.isPending} icon={<Plus aria-hidden="true" className="h-4 w-4" />}>
          {t('install.add')}
        </Button>
      </form>
      <DeviceChecklist installation={installation} />
      <StepNav
        back={back}
        next={next}
        disabled={installation.devices.length === 0}
        hint={installation.devices.length === 0 ? t('install.addOne') : undefined}
      />
    </section>
  );
}

function RoomsStep({ installation, back, next }: StepProps) {
  const { devices, rooms } = useCustomerHome(installation.customer._id);
  const [creating, setCreating] = useState(false);
  const [placing, setPlacing] = useState<Device | null>(null);
  const ids = new Set(installation.devices.map((d) => d.device_id));
  const installed = (devices.data?.devices ?? []).filter((d) => ids.has(d._id));
  const { t } = useElectricianT();
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-300">
          {t('install.rooms', {
            rooms: (rooms.data?.rooms ?? []).map((r) => r.name).join(', ') || t('install.noneYet'),
          })}
        </p>
        <Button
          size="sm"
          variant="outline"
          onClick={() => setCreating(true)}
          icon={<Plus aria-hidden="true" className="h-4 w-4" />}
        >
          {t('homeDialogs.createNewRoom')}
        </Button>
      </div>
      {devices.isPending ? (
        <PanelLoading label={t('install.loadingDevices')} />
      ) : (
        <ul className="divide-y divide-slate-700/70 rounded-xl border border-slate-700 bg-slate-800/60">
          {installed.map((device) => (
            <li key={device._id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <span className="text-sm text-slate-100">
                {device.name}{' '}
                <span className="text-slate-400">· {device.room_name ?? t('customerMode.noRoom')}</span>
              </span>
              <Button size="sm" variant="outline" onClick={() => setPlacing(device)}>
                {t('customerMode.assignToRoom')}
                <span className="sr-only"> {device.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <StepNav back={back} next={next} />
      {creating ? (
        <CreateRoomDialog customerId={installation.customer._id} onClose={() => setCreating(false)} />
      ) : null}
      {placing ? (
        <AssignRoomDialog
          customerId={installation.customer._id}
          device={placing}
          rooms={rooms.data?.rooms ?? []}
          onClose={() => setPlacing(null)}
        />
      ) : null}
    </section>
  );
}

function ConfigureStep({ installation, back, next }: StepProps) {
  const { devices } = useCustomerHome(installation.customer._id);
  const [configuring, setConfiguring] = useState<Device | null>(null);
  const ids = new Set(installation.devices.map((d) => d.device_id));
  const installed = (devices.data?.devices ?? []).filter((d) => ids.has(d._id));
  const { t } = useElectricianT();
  return (
    <section className="space-y-4">
      <p className="text-sm text-slate-300">{t('install.pairEach')}</p>
      <ul className="divide-y divide-slate-700/70 rounded-xl border border-slate-700 bg-slate-800/60">
        {installed.map((device) => (
          <li key={device._id} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <span className="text-sm text-slate-100">
              {device.name}
              <span className="block text-xs text-slate-400">
                {device.wifi_configured
                  ? t('customerMode.wifiConfigured')
                  : t('customerMode.wifiNotConfigured')}{' '}
                · {device.bluetooth_paired ? t('install.btPaired') : t('install.btNotPaired')}
              </span>
            </span>
            <Button size="sm" variant="outline" onClick={() => setConfiguring(device)}>
              {t('devices.configure')}
              <span className="sr-only"> {device.name}</span>
            </Button>
          </li>
        ))}
      </ul>
      <StepNav back={back} next={next} />
      {configuring ? (
        <ConfigureDeviceDialog device={configuring} onClose={() => setConfiguring(null)} />
      ) : null}
    </section>
  );
}

function CheckStep({ installation, back, next }: StepProps) {
  const pending = installation.devices.filter((d) => d.status !== 'configured');
  const { t } = useElectricianT();
  return (
    <section className="space-y-4">
      <DeviceChecklist installation={installation} />
      <DeviceTests installation={installation} />
      <StepNav
        back={back}
        next={next}
        disabled={pending.some((d) => d.missing.some((need) => need !== 'test'))}
        hint={
          pending.length > 0
            ? t('install.notReady', {
                devices: pending.map((d) => deviceNeeds(d.device_name, d.missing, t)).join('; '),
              })
            : undefined
        }
      />
    </section>
  );
}

function TrainingStep({ installation, back, next }: StepProps) {
  const confirm = useConfirmTraining();
  const [checked, setChecked] = useState<string[]>(
    installation.customer_training_completed ? [...TRAINING_ITEMS] : [],
  );
  const all = TRAINING_ITEMS.every((item) => checked.includes(item));
  const { t } = useElectricianT();
  const localise = useLocaliseMessage();
  return (
    <section className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm text-slate-300">
          {t('install.show', { name: installation.customer.name })}
        </legend>
        {TRAINING_ITEMS.map((item) => (
          <label key={item} className="flex items-center gap-2 text-sm text-slate-100">
            <input
              type="checkbox"
              className="h-5 w-5 accent-sky-500"
              checked={checked.includes(item)}
              onChange={(e) =>
                setChecked((now) => (e.target.checked ? [...now, item] : now.filter((i) => i !== item)))
              }
            />
            {localise(item)}
          </label>
        ))}
      </fieldset>
      <StepNav
        back={back}
        nextLabel={t('install.confirmTraining')}
        disabled={!all || confirm.isPending}
        hint={all ? undefined : t('install.tickEvery')}
        next={() => confirm.mutate({ id: installation._id }, { onSuccess: next })}
      />
    </section>
  );
}

function SignatureStep({ installation, back, next }: StepProps) {
  const save = useSaveSignature();
  const [name, setName] = useState(installation.customer.name);
  const [image, setImage] = useState<string | null>(null);
  const onChange = useCallback((png: string | null) => setImage(png), []);
  const { t } = useElectricianT();
  // A stored signature is final (issue 29): only reopening the installation, with a reason, clears it.
  if (installation.signature) {
    return (
      <section className="space-y-4">
        <p className="text-sm text-slate-300">
          {t('install.signedFinal', { name: installation.signature.signed_by })}
        </p>
        <ReopenForm installationId={installation._id} />
        <StepNav back={back} next={next} />
      </section>
    );
  }
  return (
    <section className="space-y-4">
      <p className="text-sm text-slate-300">{t('install.handPhone', { name: installation.customer.name })}</p>
      <TextField label={t('install.signerSName')} value={name} onChange={(e) => setName(e.target.value)} />
      <SignatureField onChange={onChange} />
      <StepNav
        back={back}
        nextLabel={t('install.saveSignature')}
        disabled={!image || !name.trim() || save.isPending}
        next={() =>
          image
            ? save.mutate(
                { id: installation._id, body: { signer_name: name.trim(), image } },
                { onSuccess: next },
              )
            : undefined
        }
      />
    </section>
  );
}

/**
 * What completing waits for (ADR 055, ADR 070), in words: devices not configured yet, the signature, the
 * training, changes still on this phone. The server decides; offline the step says what it waits for.
 */
function HandoverStep({ installation, back }: { installation: Installation; back?: () => void }) {
  const complete = useCompleteInstallation();
  const online = useOnline();
  const unsent = useOutbox().filter((e) => e.state === 'pending').length;
  const [notes, setNotes] = useState(installation.handover_notes ?? '');
  const { t } = useElectricianT();
  const waiting = completionWaitsFor(installation, unsent);
  const untested = installation.devices.some((d) => d.missing.includes('test'));
  return (
    <section className="space-y-4">
      {untested && online ? <DeviceTests installation={installation} /> : null}
      <TextAreaField
        label={t('install.handoverNotes')}
        rows={4}
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
      />
      <StepNav
        back={back}
        nextLabel={t('install.complete')}
        disabled={complete.isPending || !online || unsent > 0 || untested}
        hint={
          online && unsent === 0 ? undefined : (
            <>
              {online ? t('install.sendingFirst') : t('offline.completeNeedsNetwork')}
              {waiting.length > 0 ? ` ${t('install.waitingFor', { items: waiting.join('; ') })}` : ''}
            </>
          )
        }
        next={() =>
          complete.mutate({
            id: installation._id,
            body: {
              ...(notes.trim() ? { handover_notes: notes.trim() } : {}),
              customer_training_completed: true,
            },
          })
        }
      />
    </section>
  );
}
