import type { ElectricianDashboard } from '@isaac/contract';

export interface ConnectionStep {
  name: string;
  ok: boolean;
  detail: string;
}

export type ConnectionResult =
  | { ok: true; steps: ConnectionStep[]; summary: string }
  | { ok: false; steps: ConnectionStep[]; causes: string[] };

/** The spec's possible causes of a failed test, most likely first for the step that failed. */
const CAUSES = {
  unreachable: [
    'The backend is down or restarting',
    'CORS: the API does not allow this site’s origin',
    'Wrong API URL in the site’s configuration',
  ],
  auth: ['Authentication: your session has ended or your account is not an electrician — sign in again'],
  data: ['The backend answered with an error: try again, then contact support if it persists'],
} as const;

export interface ConnectionProbes {
  health: () => Promise<unknown>;
  currentUser: () => Promise<{ user: { role: number; name: string } }>;
  dashboard: () => Promise<ElectricianDashboard>;
  origin: string;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

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
    steps.push({ name: 'Backend health', ok: true, detail: 'The API answered /healthz' });
    steps.push({ name: 'CORS', ok: true, detail: `Requests from ${probes.origin} are allowed` });
  } catch (err) {
    return fail('Backend health', err, CAUSES.unreachable);
  }
  try {
    const { user } = await probes.currentUser();
    steps.push({ name: 'Authentication', ok: true, detail: `Signed in as ${user.name}` });
  } catch (err) {
    return fail('Authentication', err, CAUSES.auth);
  }
  try {
    const { statistics } = await probes.dashboard();
    const summary = `Connected: ${plural(statistics.devices.total, 'device')}, ${plural(statistics.users, 'customer')}, ${plural(statistics.installations.total, 'installation')}`;
    steps.push({ name: 'Your data', ok: true, detail: summary });
    return { ok: true, steps, summary };
  } catch (err) {
    return fail('Your data', err, CAUSES.data);
  }
}
