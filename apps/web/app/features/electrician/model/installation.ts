import type {
  CustomerStatus,
  ElectricianCustomer,
  InstallationPhase,
  InstallationStatus,
} from '@isaac/contract';
import type { BadgeTone } from '~/components/ui';

/** Spec section 4: pending yellow, in progress blue, completed green — always with the word. */
export const INSTALLATION_STATUS: Record<InstallationStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'yellow' },
  in_progress: { label: 'In progress', tone: 'blue' },
  completed: { label: 'Completed', tone: 'green' },
};

/** Spec section 4: pre_installation 25%, in_progress 50%, post_installation 75%, completed 100%. */
export const PHASES: Record<InstallationPhase, { label: string; progress: number }> = {
  pre_installation: { label: 'Pre-installation', progress: 25 },
  in_progress: { label: 'Installation in progress', progress: 50 },
  post_installation: { label: 'Post-installation', progress: 75 },
  completed: { label: 'Completed', progress: 100 },
};

/** The phases an electrician may choose in Update Phase (`completed` is reached through Complete). */
export const CHOOSABLE_PHASES = (Object.keys(PHASES) as InstallationPhase[]).filter((p) => p !== 'completed');

export const CUSTOMER_STATUS: Record<CustomerStatus, { label: string; tone: BadgeTone; action: string }> = {
  assigned: { label: 'Assigned', tone: 'yellow', action: 'Start' },
  in_progress: { label: 'In progress', tone: 'blue', action: 'Continue' },
  completed: { label: 'Completed', tone: 'green', action: 'Completed' },
};

/** The local calendar date as YYYY-MM-DD. */
export function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'Today's Installations': the customers whose installation date is today. */
export function todaysCustomers(customers: ElectricianCustomer[], today: Date): ElectricianCustomer[] {
  const day = localIsoDate(today);
  return customers.filter((c) => c.installation_date === day);
}

/** '2 of 3 devices configured'. */
export function deviceProgress(devices: { status: string }[]): { done: number; total: number; text: string } {
  const done = devices.filter((d) => d.status === 'configured').length;
  return { done, total: devices.length, text: `${done} of ${devices.length} devices configured` };
}

/** A calendar date (YYYY-MM-DD) in words, or 'Not scheduled'. */
export function formatDay(day: string | null): string {
  if (!day) return 'Not scheduled';
  const date = new Date(`${day}T00:00:00`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
}
