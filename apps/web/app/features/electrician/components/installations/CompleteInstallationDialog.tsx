import { type Installation } from '@isaac/contract';
import { useState, type FormEvent } from 'react';
import { Button, Modal, TextAreaField } from '~/components/ui';
import { useCompleteInstallation } from '../../api/installation-changes';
import { DeviceTests } from './DeviceTests';
import { useElectricianT } from '~/lib/i18n/electrician-texts';
import { deviceNeeds } from '../../model/installation';

/**
 * Complete Installation. From the installations list (`variant="notes"`): optional notes, sent with the
 * completion time. From the workflow (`variant="handover"`): handover notes and whether the customer was
 * trained — the spec's two bodies. The completion rule is the server's and the same on every path (issue
 * 30): while a device is not configured (or none is in the installation) the dialog says what is missing and
 * does not offer Complete.
 */
export function CompleteInstallationDialog({
  installation,
  variant,
  onClose,
}: {
  installation: Installation;
  variant: 'notes' | 'handover';
  onClose: () => void;
}) {
  const complete = useCompleteInstallation();
  const { t } = useElectricianT();
  const [notes, setNotes] = useState('');
  const [trained, setTrained] = useState(installation.customer_training_completed);
  const pending = installation.devices.filter((d) => d.status !== 'configured');
  const blocked = installation.devices.length === 0 || pending.length > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body =
      variant === 'notes'
        ? { ...(notes.trim() ? { notes: notes.trim() } : {}), completed_at: new Date().toISOString() }
        : { ...(notes.trim() ? { handover_notes: notes.trim() } : {}), customer_training_completed: trained };
    complete.mutate({ id: installation._id, body }, { onSuccess: onClose });
  };
  return (
    <Modal
      open
      onClose={onClose}
      busy={complete.isPending}
      title={t('complete.completeInstallation')}
      description={t('complete.cannotUndo', { name: installation.customer.name })}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={complete.isPending}>
            {t('common:ui.cancel')}
          </Button>
          <Button type="submit" form="complete-installation" loading={complete.isPending} disabled={blocked}>
            {t('complete.completeInstallation')}
          </Button>
        </>
      }
    >
      <form id="complete-installation" className="space-y-4" onSubmit={submit}>
        {blocked ? (
          <div
            role="alert"
            className="rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-100"
          >
            <p className="font-medium">{t('msg.guidedIncomplete')}</p>
            <p>
              {installation.devices.length === 0
                ? t('complete.noDevice')
                : t('complete.notConfigured', {
                    devices: pending.map((d) => deviceNeeds(d.device_name, d.missing, t)).join('; '),
                  })}{' '}
              {t('complete.setWifi')}
            </p>
          </div>
        ) : null}
        {pending.some((d) => d.missing.includes('test')) ? <DeviceTests installation={installation} /> : null}
        <TextAreaField
          label={variant === 'notes' ? t('complete.notes') : t('complete.handoverNotes')}
          rows={3}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
        />
        {variant === 'handover' ? (
          <label className="flex items-center gap-2 text-sm text-slate-200">
            <input
              type="checkbox"
              className="h-4 w-4 accent-sky-500"
              checked={trained}
              onChange={(e) => setTrained(e.target.checked)}
            />
            {t('complete.trained')}
          </label>
        ) : null}
      </form>
    </Modal>
  );
}
