import type { InstallationJob } from '@isaac/contract';
import { CalendarDays, HardHat, MapPin } from 'lucide-react';
import { Button } from '~/components/ui';
import { formatCalendarDate } from '~/lib/format';

/** One job on the board: customer, product, where, who and when; Assign or Reschedule while it may change. */
export function JobCard({
  job,
  onAssign,
}: {
  job: InstallationJob;
  onAssign: (job: InstallationJob) => void;
}) {
  const action = job.state === 'unassigned' ? 'Assign' : job.state === 'scheduled' ? 'Reschedule' : null;
  return (
    <article
      aria-label={`${job.customer.name}, ${job.product}`}
      className="space-y-2 rounded-lg border border-slate-700 bg-slate-800/60 p-3 text-sm"
    >
      <div className="min-w-0">
        <h4 className="truncate font-medium text-white">{job.customer.name}</h4>
        <p className="truncate text-slate-300">{job.product}</p>
        <p className="font-mono text-xs break-all text-slate-500">{job.order_id}</p>
      </div>
      <dl className="space-y-1 text-slate-400">
        <div className="flex items-center gap-2">
          <dt>
            <MapPin aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">Where</span>
          </dt>
          <dd>
            {job.address.city} {job.address.pincode}
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <HardHat aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">Electrician</span>
          </dt>
          <dd>{job.electrician?.name ?? 'No electrician yet'}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <CalendarDays aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">Date</span>
          </dt>
          <dd>
            {job.installation_date ? (
              <time dateTime={job.installation_date}>{formatCalendarDate(job.installation_date)}</time>
            ) : (
              'No date yet'
            )}
          </dd>
        </div>
      </dl>
      {action ? (
        <Button
          size="sm"
          variant={action === 'Assign' ? 'primary' : 'outline'}
          className="w-full"
          onClick={() => onAssign(job)}
          aria-label={`${action} ${job.customer.name}`}
        >
          {action}
        </Button>
      ) : null}
    </article>
  );
}
