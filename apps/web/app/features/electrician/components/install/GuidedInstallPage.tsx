import {
  describeDeviceNeeds,
  ELECTRICIAN_MSG,
  GUIDED_STEPS,
  INSTALLATION_DEVICE_NEED_LABEL,
  TRAINING_ITEMS,
  type Device,
  type ElectricianCustomer,
  type GuidedStep,
  type Installation,
} from '@isaac/contract';
import { CheckCircle2, ChevronLeft, ChevronRight, Circle, PartyPopper, Plus } from 'lucide-react';
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
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
import { useElectricianCustomers } from '../../api/list-customers';
import { CUSTOMER_STATUS, deviceProgress, formatDay, localIsoDate } from '../../model/installation';
import { AssignRoomDialog, CreateRoomDialog } from '../customer-mode/HomeDialogs';
import { ConfigureDeviceDialog } from '../devices/ConfigureDeviceDialog';
import { ReopenForm } from './ReopenForm';
import { SignatureField } from './SignatureField';

/** The stepper's short names (visible under the bars, one-handed at 390 px). */
const STEP_NAMES: Record<GuidedStep, string> = {
  devices: 'Devices',
  rooms: 'Rooms',
  configure: 'Configure',
  check: 'Check',
  training: 'Training',
  signature: 'Signature',
  handover: 'Handover',
};

const STEP_TITLES: Record<GuidedStep, string> = {
  devices: 'Add devices',
  rooms: 'Rooms',
  configure: 'WiFi and Bluetooth',
  check: 'Check',
  training: 'Customer training',
  signature: "Customer's signature",
  handover: 'Handover',
};

/**
 * /electrician/install — the guided installation (ADR 034): one screen per step, the step kept on the
 * server (`?installation=` in the URL; a reload resumes where it was). Pick today's customer → add devices
 * by serial → rooms → WiFi/Bluetooth → a check that each is configured → training → the customer signs →
 * complete with handover notes. The server refuses completion until devices, training and signature are done.
 */
export function GuidedInstallPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('installation');
  const installation = useGuidedInstallation(id);
  if (id === null) return <PickCustomer onStarted={(started) => setParams({ installation: started._id })} />;
  if (installation.isPending) return <PanelLoading label="Loading the installation…" />;
  if (installation.isError) {
    return (
      <ErrorState
        title={ELECTRICIAN_MSG.loadInstallations}
        message={installation.error.message}
        onRetry={() => void installation.refetch()}
        retrying={installation.isFetching}
      />
    );
  }
  return <Steps installation={installation.data} onRestart={() => setParams({})} />;
}

function PickCustomer({ onStarted }: { onStarted: (installation: Installation) => void }) {
  const customers = useElectricianCustomers();
  const start = useStartGuided();
  if (customers.isPending) return <PanelLoading label="Loading customers…" />;
  if (customers.isError) {
    return (
      <ErrorState
        title={ELECTRICIAN_MSG.loadCustomers}
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
        Whose home are you installing today?
      </h2>
      {ordered.length === 0 ? (
        <EmptyState title="No installation to do" description="Every assigned customer is completed." />
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
                  {customer.installation_date === today ? <Badge tone="yellow">Today</Badge> : null}
                </p>
                <p className="text-xs text-slate-400">
                  {formatDay(customer.installation_date)} ·{' '}
                  {CUSTOMER_STATUS[customer['customer-status']].label}
                </p>
              </div>
              <Button
                loading={start.isPending && start.variables === customer._id}
                onClick={() => start.mutate(customer._id, { onSuccess: onStarted })}
              >
                {customer['customer-status'] === 'in_progress' ? 'Resume' : 'Start'}
                <span className="sr-only"> the installation for {customer.name}</span>
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
          Installation completed
        </h2>
        <p className="text-sm text-slate-300">
          {installation.customer.name}'s home is ready
          {installation.signature ? `, signed by ${installation.signature.signed_by}` : ''}.
        </p>
        <p className="text-sm text-slate-400">
          {installation.session_id ? `${installation.session_id} · ` : ''}
          {deviceProgress(installation.devices).text}
        </p>
        <div className="flex justify-center gap-2">
          <Button variant="outline" onClick={onRestart}>
            Another installation
          </Button>
          <ButtonLink to={ELECTRICIAN_PATHS.installations}>All installations</ButtonLink>
        </div>
      </section>
    );
  }

  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <header className="space-y-2">
        <p className="text-sm text-slate-400">
          {installation.customer.name} · Step {index + 1} of {GUIDED_STEPS.length}
        </p>
        <h2 className="text-lg font-semibold text-white">{STEP_TITLES[step]}</h2>
        <ol aria-label="Steps" className="grid grid-cols-7 gap-1">
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
                {STEP_NAMES[s]}
                {i < index ? <span className="sr-only"> (done)</span> : null}
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
  nextLabel = 'Next',
  disabled,
  hint,
}: {
  back?: () => void;
  next?: () => void;
  nextLabel?: string;
  disabled?: boolean;
  hint?: ReactNode;
}) {
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
            Back
          </Button>
        ) : (
          <span />
        )}
        {next ? (
          <Button onClick={next} disabled={disabled}>
            {nextLabel}
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function DeviceChecklist({ installation }: { installation: Installation }) {
  if (installation.devices.length === 0) return <p className="text-sm text-slate-400">No device yet.</p>;
  return (
    <ul className="divide-y divide-slate-700/70 rounded-xl border border-slate-700 bg-slate-800/60">
      {installation.devices.map((d) => (
        <li key={d.device_id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
          <span className="text-slate-100">{d.device_name}</span>
          {d.status === 'configured' ? (
            <span className="flex items-center gap-1 text-emerald-300">
              <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> Configured
            </span>
          ) : (
            <span className="flex items-center gap-1 text-amber-200">
              <Circle aria-hidden="true" className="h-4 w-4" /> Not configured:{' '}
              {d.missing.map((need) => INSTALLATION_DEVICE_NEED_LABEL[need]).join(', ')}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

function DevicesStep({ installation, back, next }: StepProps) {
  const add = useAddDeviceBySerial();
  const [serial, setSerial] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!serial.trim()) {
      setError('Serial number is required');
      return;
    }
    add.mutate(
      { id: installation._id, serial: serial.trim() },
      { onSuccess: () => setSerial(''), onError: (err) => setError(err.message) },
    );
  };
  return (
    <section className="space-y-4">
      <p className="text-sm text-slate-300">
        Scan or type the serial number of each device you install. It becomes {installation.customer.name}'s.
      </p>
      <form className="flex items-end gap-2" onSubmit={submit} noValidate>
        <TextField
          label="Serial number"
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
          Add
        </Button>
      </form>
      <DeviceChecklist installation={installation} />
      <StepNav
        back={back}
        next={next}
        disabled={installation.devices.length === 0}
        hint={installation.devices.length === 0 ? 'Add at least one device.' : undefined}
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
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-300">
          Rooms: {(rooms.data?.rooms ?? []).map((r) => r.name).join(', ') || 'none yet'}
        </p>
        <Button
          size="sm"
          variant="outline"
          onClick={() => setCreating(true)}
          icon={<Plus aria-hidden="true" className="h-4 w-4" />}
        >
          Create New Room
        </Button>
      </div>
      {devices.isPending ? (
        <PanelLoading label="Loading devices…" />
      ) : (
        <ul className="divide-y divide-slate-700/70 rounded-xl border border-slate-700 bg-slate-800/60">
          {installed.map((device) => (
            <li key={device._id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <span className="text-sm text-slate-100">
                {device.name} <span className="text-slate-400">· {device.room_name ?? 'No room'}</span>
              </span>
              <Button size="sm" variant="outline" onClick={() => setPlacing(device)}>
                Assign to room<span className="sr-only"> {device.name}</span>
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
  return (
    <section className="space-y-4">
      <p className="text-sm text-slate-300">
        Pair each device over Bluetooth and give it the home's 2.4 GHz WiFi.
      </p>
      <ul className="divide-y divide-slate-700/70 rounded-xl border border-slate-700 bg-slate-800/60">
        {installed.map((device) => (
          <li key={device._id} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <span className="text-sm text-slate-100">
              {device.name}
              <span className="block text-xs text-slate-400">
                WiFi {device.wifi_configured ? 'configured' : 'not configured'} · Bluetooth{' '}
                {device.bluetooth_paired ? 'paired' : 'not paired'}
              </span>
            </span>
            <Button size="sm" variant="outline" onClick={() => setConfiguring(device)}>
              Configure<span className="sr-only"> {device.name}</span>
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
  return (
    <section className="space-y-4">
      <DeviceChecklist installation={installation} />
      <StepNav
        back={back}
        next={next}
        disabled={pending.length > 0}
        hint={
          pending.length > 0
            ? `Not ready: ${pending.map((d) => describeDeviceNeeds(d.device_name, d.missing)).join('; ')}. Set the WiFi in the previous step; a device counts once it has come online.`
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
  return (
    <section className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm text-slate-300">Show {installation.customer.name}:</legend>
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
            {item}
          </label>
        ))}
      </fieldset>
      <StepNav
        back={back}
        nextLabel="Confirm training"
        disabled={!all || confirm.isPending}
        hint={all ? undefined : 'Tick every item once you have shown it.'}
        next={() => confirm.mutate(installation._id, { onSuccess: next })}
      />
    </section>
  );
}

function SignatureStep({ installation, back, next }: StepProps) {
  const save = useSaveSignature();
  const [name, setName] = useState(installation.customer.name);
  const [image, setImage] = useState<string | null>(null);
  const onChange = useCallback((png: string | null) => setImage(png), []);
  // A stored signature is final (issue 29): only reopening the installation, with a reason, clears it.
  if (installation.signature) {
    return (
      <section className="space-y-4">
        <p className="text-sm text-slate-300">
          Signed by {installation.signature.signed_by}. The signature is final: to have the customer sign
          again, reopen the installation and say why.
        </p>
        <ReopenForm installationId={installation._id} />
        <StepNav back={back} nextLabel="Next" next={next} />
      </section>
    );
  }
  return (
    <section className="space-y-4">
      <p className="text-sm text-slate-300">
        Hand the phone to {installation.customer.name} to sign that the installation is done.
      </p>
      <TextField label="Signer's name" value={name} onChange={(e) => setName(e.target.value)} />
      <SignatureField onChange={onChange} />
      <StepNav
        back={back}
        nextLabel="Save signature"
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

function HandoverStep({ installation, back }: { installation: Installation; back?: () => void }) {
  const complete = useCompleteInstallation();
  const [notes, setNotes] = useState(installation.handover_notes ?? '');
  return (
    <section className="space-y-4">
      <TextAreaField
        label="Handover notes"
        rows={4}
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
      />
      <StepNav
        back={back}
        nextLabel="Complete installation"
        disabled={complete.isPending}
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
