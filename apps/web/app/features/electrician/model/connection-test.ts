import type { ElectricianDashboard } from '@isaac/contract';
import { i18n } from '~/lib/i18n';
import '~/lib/i18n/electrician-texts';

export interface ConnectionStep {
  name: string;
  ok: boolean;
  detail: string;
}

export type ConnectionResult =
  | { ok: true; steps: ConnectionStep[]; summary: string }
  | { ok: false; steps: ConnectionStep[]; causes: string[] };

/** The texts of namespace `electrician` in the language shown (the test runs outside a component). */
const t = i18n.getFixedT(null, 'electrician');

/** The spec's possible causes of a failed test, most likely first for the step that failed. */
const CAUSES = {
  unreachable: () => [t('connection.causeDown'), t('connection.causeCors'), t('connection.causeUrl')],
  auth: () => [t('connection.causeAuth')],
  data: () => [t('connection.causeData')],
} as const;

export interface ConnectionProbes {
  health: () => Promise<unknown>;
  currentUser: () => Promise<{ user: { role: number; name: string } }>;
  dashboard: () => Promise<ElectricianDashboard>;
  origin: string;
}

/**
 * The dashboard's API connection test (spec section 2): real calls, in order — the health check (the
 * backend answers, across origins: CORS), the signed-in user (authentication), the electrician's data
 * (counts) — stopping at the first failure with its possible causes.
 */
export async function runConnectionTest(probes: ConnectionProbes): Promise<ConnectionResult> {
  const steps: ConnectionStep[] = [];
  const fail = (name: string, err: unknown, causes: readonly string[]): ConnectionResult => {
    steps.push({ name, ok: false, detail: err instanceof Error ? err.message : String(err) });
    return { ok: false, steps, causes: [...causes] };
  };
  try {
    await probes.health();
    steps.push({ name: t('connection.health'), ok: true, detail: t('connection.healthOk') });
    steps.push({ name: 'CORS', ok: true, detail: t('connection.corsOk', { origin: probes.origin }) });
  } catch (err) {
    return fail(t('connection.health'), err, CAUSES.unreachable());
  }
  try {
    const { user } = await probes.currentUser();
    steps.push({ name: t('connection.auth'), ok: true, detail: t('connection.authOk', { name: user.name }) });
  } catch (err) {
    return fail(t('connection.auth'), err, CAUSES.auth());
  }
  try {
    const { statistics } = await probes.dashboard();
    const summary = t('connection.summary', {
      devices: t('connection.devices', { count: statistics.devices.total }),
      customers: t('connection.customers', { count: statistics.users }),
      installations: t('connection.installations', { count: statistics.installations.total }),
    });
    steps.push({ name: t('connection.data'), ok: true, detail: summary });
    return { ok: true, steps, summary };
  } catch (err) {
    return fail(t('connection.data'), err, CAUSES.data());
  }
}
