import type { Installation } from '@isaac/contract';
import { CheckCircle2, RadioTower } from 'lucide-react';
import { Button } from '~/components/ui';
import { useElectricianT } from '~/lib/i18n/electrician-texts';
import { useTestInstallationDevice } from '../../api/test-device';

/**
 * Each device of an open installation and whether it has answered a test command (issue 34): completion
 * waits for every one. "Send test command" asks the server to command the device (a command that changes
 * nothing) and counts it only once the device acknowledges.
 */
export function DeviceTests({ installation }: { installation: Installation }) {
  const test = useTestInstallationDevice();
  const { t } = useElectricianT();
  if (installation.devices.length === 0) return null;
  return (
    <section aria-label="Device tests" className="space-y-2">
      <p className="text-sm text-slate-300">{t('tests.intro')}</p>
      <ul className="divide-y divide-slate-700/70 rounded-xl border border-slate-700 bg-slate-800/60">
        {installation.devices.map((d) => {
          const tested = !d.missing.includes('test');
          const busy = test.isPending && test.variables?.deviceId === d.device_id;
          return (
            <li key={d.device_id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
              <span className="min-w-0 break-words text-slate-100">{d.device_name}</span>
              {tested ? (
                <span className="flex items-center gap-1 text-emerald-300">
                  <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> {t('tests.answered')}
                </span>
              ) : (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={busy}
                  disabled={test.isPending}
                  aria-label={t('tests.sendTo', { name: d.device_name })}
                  icon={<RadioTower aria-hidden="true" className="h-4 w-4" />}
                  onClick={() => test.mutate({ installationId: installation._id, deviceId: d.device_id })}
                >
                  {t('tests.send')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
