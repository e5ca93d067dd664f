import { CheckCircle2, PlugZap, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/components/ui';
import { apiRequest } from '~/lib/api-client';
import { getElectricianDashboard } from '../../api/get-dashboard';
import { runConnectionTest, type ConnectionResult } from '../../model/connection-test';
import { useElectricianT } from '~/lib/i18n/electrician-texts';

/** The spec's API connection test: real calls (health, CORS, sign-in, data), success with counts or causes. */
export function ConnectionTestPanel() {
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<ConnectionResult | null>(null);
  const { t } = useElectricianT();
  const run = async () => {
    setRunning(true);
    setResult(null);
    setResult(
      await runConnectionTest({
        health: () => apiRequest('/healthz', { handleUnauthorized: false }),
        currentUser: () => apiRequest('/auth/current-user', { handleUnauthorized: false }),
        dashboard: () => getElectricianDashboard(),
        origin: window.location.origin,
      }),
    );
    setRunning(false);
  };
  return (
    <section
      aria-labelledby="connection-test-heading"
      className="space-y-3 rounded-xl border border-slate-700 bg-slate-800/60 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="connection-test-heading" className="text-base font-semibold text-white">
          {t('connection.title')}
        </h2>
        <Button
          variant="outline"
          size="sm"
          loading={running}
          onClick={() => void run()}
          icon={<PlugZap aria-hidden="true" className="h-4 w-4" />}
        >
          {running ? t('connection.testing') : t('connection.test')}
        </Button>
      </div>
      <div aria-live="polite">
        {result ? (
          <div className="space-y-2 text-sm">
            <p className={result.ok ? 'font-medium text-emerald-300' : 'font-medium text-red-300'}>
              {result.ok ? t('connection.success', { summary: result.summary }) : t('connection.testFailed')}
            </p>
            <ul className="space-y-1">
              {result.steps.map((step) => (
                <li key={step.name} className="flex items-start gap-2 text-slate-300">
                  {step.ok ? (
                    <CheckCircle2
                      aria-label={t('connection.passed')}
                      className="mt-0.5 h-4 w-4 shrink-0 text-emerald-400"
                    />
                  ) : (
                    <XCircle
                      aria-label={t('connection.failed')}
                      className="mt-0.5 h-4 w-4 shrink-0 text-red-400"
                    />
                  )}
                  <span>
                    <span className="font-medium">{step.name}:</span> {step.detail}
                  </span>
                </li>
              ))}
            </ul>
            {!result.ok ? (
              <div>
                <p className="text-slate-400">{t('connection.causes')}</p>
                <ul className="list-disc pl-5 text-slate-300">
                  {result.causes.map((cause) => (
                    <li key={cause}>{cause}</li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-slate-400">{t('connection.checks')}</p>
        )}
      </div>
    </section>
  );
}
