import { describeDeviceNeeds, type Installation } from '@isaac/contract';
import { useState, type FormEvent } from 'react';
import { Button, Modal, TextAreaField } from '~/components/ui';
import { useCompleteInstallation } from '../../api/installation-changes';

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
      title="Complete Installation"
      description={`${installation.customer.name} — this cannot be undone.`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={complete.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="complete-installation" loading={complete.isPending} disabled={blocked}>
            Complete Installation
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
            <p className="font-medium">The installation cannot be completed yet</p>
            <p>
              {installation.devices.length === 0
                ? 'No device was added to it.'
                : `Not configured yet: ${pending.map((d) => describeDeviceNeeds(d.device_name, d.missing)).join('; ')}.`}{' '}
              Set each device's WiFi (Assigned Devices or Customer mode); a device counts once it has come
              online.
            </p>
          </div>
        ) : null}
        <TextAreaField
          label={variant === 'notes' ? 'Notes (optional)' : 'Handover notes (optional)'}
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
            The customer has been trained to use their devices
          </label>
        ) : null}
      </form>
    </Modal>
  );
}
