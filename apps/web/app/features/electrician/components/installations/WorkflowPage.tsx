import { type Installation, type InstallationPhase } from '@isaac/contract';
import { ClipboardList } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  Button,
  ButtonLink,
  EmptyState,
  ErrorState,
  Modal,
  PanelLoading,
  SelectField,
  TextAreaField,
} from '~/components/ui';
import { ELECTRICIAN_PATHS } from '~/lib/paths';
import { formatDateTime } from '~/lib/format';
import { useInstallations, useInstallationSignature } from '../../api/list-installations';
import { useUpdatePhase } from '../../api/installation-changes';
import { CHOOSABLE_PHASES, PHASES, formatDay } from '../../model/installation';
import { InstallationBadge } from '../InstallationBadge';
import { CompleteInstallationDialog } from './CompleteInstallationDialog';
import { DeviceDots } from './DeviceDots';
import { useElectricianT } from '~/lib/i18n/electrician-texts';

/** /electrician/workflow: a card per installation with its phase and progress; Update Phase and Complete. */
export function WorkflowPage() {
  const list = useInstallations();
  const [phasing, setPhasing] = useState<Installation | null>(null);
  const [completing, setCompleting] = useState<Installation | null>(null);
  const { t } = useElectricianT();
  if (list.isPending) return <PanelLoading label={t('workflow.loadingInstallations')} />;
  if (list.isError) {
    return (
      <ErrorState
        title={t('msg.loadInstallations')}
        message={list.error.message}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  const installations = list.data.installations;
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-lg font-semibold text-white">{t('workflow.title')}</h2>
        <p className="text-sm text-slate-400">{t('workflow.intro')}</p>
      </div>
      {installations.length === 0 ? (
        <EmptyState
          icon={ClipboardList}
          title={t('msg.noInstallations')}
          action={
            <ButtonLink variant="outline" to={ELECTRICIAN_PATHS.users}>
              {t('workflow.toCustomers')}
            </ButtonLink>
          }
        />
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {installations.map((installation) => {
            const phase = PHASES[installation.phase];
            const headingId = `workflow-${installation._id}`;
            return (
              <li key={installation._id}>
                <article
                  aria-labelledby={headingId}
                  className="space-y-3 rounded-xl border border-slate-700 bg-slate-800/60 p-4"
                >
                  <header className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <h3 id={headingId} className="font-semibold text-slate-100">
                        {installation.customer.name}
                      </h3>
                      <p className="text-xs text-slate-400">
                        {formatDay(installation.installation_date)}
                        {installation.session_id ? ` · ${installation.session_id}` : ''}
                      </p>
                    </div>
                    <InstallationBadge status={installation.status} />
                  </header>
                  <div>
                    <div className="mb-1 flex justify-between text-xs text-slate-300">
                      <span>{phase.label}</span>
                      <span>{phase.progress}%</span>
                    </div>
                    <div
                      role="progressbar"
                      aria-label={t('workflow.phaseOf', { name: installation.customer.name })}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={phase.progress}
                      aria-valuetext={`${phase.label}, ${phase.progress}%`}
                      className="h-2 overflow-hidden rounded-full bg-slate-700"
                    >
                      <div
                        className="h-full rounded-full bg-sky-500"
                        style={{ width: `${phase.progress}%` }}
                      />
                    </div>
                  </div>
                  <DeviceDots devices={installation.devices} />
                  {installation.notes ? (
                    <p className="text-sm text-slate-300">
                      {t('workflow.notes', { notes: installation.notes })}
                    </p>
                  ) : null}
                  {installation.status === 'completed' ? (
                    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                      <dt className="text-slate-400">{t('workflow.completed')}</dt>
                      <dd className="text-slate-200">{formatDateTime(installation.completed_at)}</dd>
                      <dt className="text-slate-400">{t('workflow.training')}</dt>
                      <dd className="text-slate-200">
                        {installation.customer_training_completed
                          ? t('workflow.done')
                          : t('workflow.notDone')}
                      </dd>
                      <dt className="text-slate-400">{t('workflow.handover')}</dt>
                      <dd className="text-slate-200">{installation.handover_notes ?? '—'}</dd>
                      <dt className="text-slate-400">{t('workflow.signedBy')}</dt>
                      <dd className="text-slate-200">
                        {installation.signature
                          ? `${installation.signature.signed_by}, ${formatDateTime(installation.signature.signed_at)}`
                          : t('workflow.notSigned')}
                      </dd>
                      {installation.signature ? (
                        <SignatureImage id={installation._id} signer={installation.signature.signed_by} />
                      ) : null}
                    </dl>
                  ) : installation.status === 'in_progress' ? (
                    <div className="flex flex-wrap gap-2">
                      <Button variant="outline" size="sm" onClick={() => setPhasing(installation)}>
                        {t('workflow.updatePhase')}
                        <span className="sr-only">
                          {' '}
                          {t('workflow.for', { name: installation.customer.name })}
                        </span>
                      </Button>
                      <Button size="sm" onClick={() => setCompleting(installation)}>
                        {t('installations.complete')}
                        <span className="sr-only">
                          {' '}
                          {t('installations.completeFor', { name: installation.customer.name })}
                        </span>
                      </Button>
                    </div>
                  ) : null}
                </article>
              </li>
            );
          })}
        </ul>
      )}
      {phasing ? <PhaseDialog installation={phasing} onClose={() => setPhasing(null)} /> : null}
      {completing ? (
        <CompleteInstallationDialog
          // the list's current copy: a device tested from the dialog updates it
          installation={installations.find((i) => i._id === completing._id) ?? completing}
          variant="handover"
          onClose={() => setCompleting(null)}
        />
      ) : null}
    </div>
  );
}

/** The customer's drawn signature under a completed card (read only for cards that have one). */
function SignatureImage({ id, signer }: { id: string; signer: string }) {
  const signature = useInstallationSignature(id, true);
  const { t } = useElectricianT();
  if (!signature.data) return null;
  return (
    <dd className="col-span-2">
      <img
        src={signature.data.image}
        alt={t('workflow.signatureOf', { name: signer })}
        className="h-16 rounded border border-slate-600 bg-white"
      />
    </dd>
  );
}

/** Update Installation Phase: a phase must be chosen (spec section 5); notes optional. */
function PhaseDialog({ installation, onClose }: { installation: Installation; onClose: () => void }) {
  const update = useUpdatePhase();
  const { t } = useElectricianT();
  const phaseOptions = CHOOSABLE_PHASES.map((value) => ({ value, label: t(`phases.${value}`) }));
  const [phase, setPhase] = useState<InstallationPhase | ''>('');
  const [notes, setNotes] = useState(installation.notes ?? '');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!phase) {
      setError(t('workflow.choosePhase'));
      return;
    }
    update.mutate(
      { id: installation._id, body: { phase, ...(notes.trim() ? { notes: notes.trim() } : {}) } },
      { onSuccess: onClose },
    );
  };
  return (
    <Modal
      open
      onClose={onClose}
      busy={update.isPending}
      title={t('workflow.updateInstallationPhase')}
      description={installation.customer.name}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={update.isPending}>
            {t('common:ui.cancel')}
          </Button>
          <Button type="submit" form="phase-form" loading={update.isPending}>
            {t('workflow.updatePhase')}
          </Button>
        </>
      }
    >
      <form id="phase-form" className="space-y-4" onSubmit={submit} noValidate>
        <SelectField
          label={t('workflow.phase')}
          placeholder={t('workflow.chooseAPhase')}
          options={phaseOptions}
          value={phase}
          error={error}
          onChange={(e) => {
            setPhase(CHOOSABLE_PHASES.find((p) => p === e.target.value) ?? '');
            setError(undefined);
          }}
        />
        <TextAreaField
          label={t('workflow.notesOptional')}
          rows={3}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
        />
      </form>
    </Modal>
  );
}
