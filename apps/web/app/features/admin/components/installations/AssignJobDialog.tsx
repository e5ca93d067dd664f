import { ADMIN_MSG, businessDate, type InstallationJob } from '@isaac/contract';
import { type FormEvent, useState } from 'react';
import { DateField } from '~/components/ui';
import { errorMessage } from '~/lib/api-client';
import { useAssignInstallationJob } from '../../api/assign-installation-job';
import { INSTALLATION_JOB_TEXT } from '../../api/installation-jobs-keys';
import { AssignDialog, ElectricianSelect } from '../AssignDialog';

interface AssignJobDialogProps {
  job: InstallationJob;
  onClose: () => void;
}

/**
 * Assign (or reschedule) an installation job: an active electrician (the Electricians screen's list) and a date,
 * today or later. The server's refusal is shown in the dialog; success closes it (the toast says so).
 */
export function AssignJobDialog({ job, onClose }: AssignJobDialogProps) {
  const today = businessDate(new Date());
  const rescheduling = job.electrician !== null;
  const [electrician, setElectrician] = useState(job.electrician?._id ?? '');
  const [date, setDate] = useState(job.installation_date ?? '');
  const [error, setError] = useState<string | null>(null);
  const assign = useAssignInstallationJob();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!electrician || !date) {
      setError(INSTALLATION_JOB_TEXT.chooseBoth);
      return;
    }
    if (date < today) {
      setError(ADMIN_MSG.installationDateInPast);
      return;
    }
    setError(null);
    assign.mutate(
      { jobId: job._id, electricianId: electrician, installationDate: date },
      {
        onSuccess: onClose,
        onError: (failure) => setError(errorMessage(failure, INSTALLATION_JOB_TEXT.assignFailed)),
      },
    );
  };

  return (
    <AssignDialog
      title={rescheduling ? 'Reschedule' : 'Assign'}
      description={`${job.customer.name} · ${job.product} · ${job.address.city} ${job.address.pincode}`}
      formId="assign-installation-job-form"
      busy={assign.isPending}
      onClose={onClose}
      onSubmit={submit}
      error={error}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <ElectricianSelect value={electrician} onChange={setElectrician} />
        <DateField label="Installation date" required value={date} onChange={setDate} />
      </div>
      <p className="text-sm text-slate-400">{job.address.address}</p>
    </AssignDialog>
  );
}
