import type { Installation } from '@isaac/contract';
import { deviceProgress } from '../../model/installation';

/** One dot per device (filled = configured), with the count in words for everyone. */
export function DeviceDots({ devices }: { devices: Installation['devices'] }) {
  const progress = deviceProgress(devices);
  return (
    <div className="flex items-center gap-2">
      <span aria-hidden="true" className="flex gap-1">
        {devices.map((d) => (
          <span
            key={d.device_id}
            title={`${d.device_name}: ${d.status}`}
            className={
              d.status === 'configured'
                ? 'h-2.5 w-2.5 rounded-full bg-emerald-400'
                : 'h-2.5 w-2.5 rounded-full border border-slate-500'
            }
          />
        ))}
      </span>
      <span className="text-xs whitespace-nowrap text-slate-400">{progress.text}</span>
    </div>
  );
}
