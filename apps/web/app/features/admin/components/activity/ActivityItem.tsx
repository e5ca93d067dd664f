import type { AuditEntry } from '@isaac/contract';
import {
  CHANNEL_LABELS,
  ENTITY_LABELS,
  describeActivity,
  describeChanges,
  fieldLabel,
  formatChangeValue,
  timeAgo,
} from '../../model/activity';

/**
 * One activity entry: "Priya Sharma turned off Purifier 2 · web · 2 min. ago". With `detailed`, a
 * disclosure (native <details>, keyboard and screen-reader friendly) shows the changed fields before and
 * after, the entity, the address, the user agent and the request id.
 */
export function ActivityItem({ entry, detailed = false }: { entry: AuditEntry; detailed?: boolean }) {
  const changes = Object.entries(entry.changes);
  const when = new Date(entry.at);
  const changed = describeChanges(entry);
  const summary = (
    <>
      <span className="block text-sm text-white">{describeActivity(entry)}</span>
      {changed ? <span className="block text-xs break-words text-slate-300">{changed}</span> : null}
      <span className="block text-xs text-slate-400">
        {CHANNEL_LABELS[entry.channel]} ·{' '}
        <time dateTime={entry.at} title={when.toLocaleString()}>
          {timeAgo(entry.at)}
        </time>
      </span>
    </>
  );
  if (!detailed) return <li className="py-3 first:pt-0 last:pb-0">{summary}</li>;
  return (
    <li className="py-3 first:pt-0 last:pb-0">
      <details className="group">
        <summary className="cursor-pointer list-none rounded focus-visible:outline-2 focus-visible:outline-sky-400 [&::-webkit-details-marker]:hidden">
          {summary}
        </summary>
        <div className="mt-3 space-y-3 rounded-lg border border-slate-700/70 bg-slate-900/50 p-3 text-xs text-slate-300">
          {changes.length > 0 ? (
            <table className="w-full table-fixed text-left">
              <caption className="sr-only">Changed fields</caption>
              <thead className="text-slate-400">
                <tr>
                  <th scope="col" className="w-1/4 pb-1 font-medium">
                    Field
                  </th>
                  <th scope="col" className="pb-1 font-medium">
                    Before
                  </th>
                  <th scope="col" className="pb-1 font-medium">
                    After
                  </th>
                </tr>
              </thead>
              <tbody>
                {changes.map(([field, change]) => (
                  <tr key={field} className="align-top">
                    <th scope="row" className="break-words pr-2 font-normal">
                      {fieldLabel(field)}
                    </th>
                    <td className="break-words pr-2">{formatChangeValue(change.before)}</td>
                    <td className="break-words">{formatChangeValue(change.after)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p>No field changes recorded.</p>
          )}
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="text-slate-400">{ENTITY_LABELS[entry.entity.type]}</dt>
            <dd className="break-all">{entry.entity.name ?? entry.entity.id ?? '—'}</dd>
            <dt className="text-slate-400">When</dt>
            <dd>{when.toLocaleString()}</dd>
            <dt className="text-slate-400">Address</dt>
            <dd className="break-all">{entry.ip ?? '—'}</dd>
            <dt className="text-slate-400">Browser</dt>
            <dd className="break-all">{entry.user_agent ?? '—'}</dd>
            <dt className="text-slate-400">Request</dt>
            <dd className="break-all font-mono">{entry.request_id ?? '—'}</dd>
          </dl>
        </div>
      </details>
    </li>
  );
}
