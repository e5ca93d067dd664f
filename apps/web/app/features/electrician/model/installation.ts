import type {
  CustomerStatus,
  Installation,
  ElectricianCustomer,
  InstallationPhase,
  InstallationDeviceNeed,
  InstallationStatus,
} from '@isaac/contract';
import type { BadgeTone } from '~/components/ui';
import { currentLocale } from '~/lib/format';
import { i18n } from '~/lib/i18n';
import '~/lib/i18n/electrician-texts';

/** The texts of namespace `electrician` in the language shown, read when a label is (ADR 073). */
const t = i18n.getFixedT(null, 'electrician');

/** Spec section 4: pending yellow, in progress blue, completed green — always with the word. */
export const INSTALLATION_STATUS: Record<InstallationStatus, { label: string; tone: BadgeTone }> = {
  pending: {
    get label() {
      return t('status.pending');
    },
    tone: 'yellow',
  },
  in_progress: {
    get label() {
      return t('status.in_progress');
    },
    tone: 'blue',
  },
  completed: {
    get label() {
      return t('status.completed');
    },
    tone: 'green',
  },
};

/** Spec section 4: pre_installation 25%, in_progress 50%, post_installation 75%, completed 100%. */
export const PHASES: Record<InstallationPhase, { label: string; progress: number }> = {
  pre_installation: {
    get label() {
      return t('phases.pre_installation');
    },
    progress: 25,
  },
  in_progress: {
    get label() {
      return t('phases.in_progress');
    },
    progress: 50,
  },
  post_installation: {
    get label() {
      return t('phases.post_installation');
    },
    progress: 75,
  },
  completed: {
    get label() {
      return t('phases.completed');
    },
    progress: 100,
  },
};

/** The phases an electrician may choose in Update Phase (`completed` is reached through Complete). */
export const CHOOSABLE_PHASES = (Object.keys(PHASES) as InstallationPhase[]).filter((p) => p !== 'completed');

const customerStatus = (status: CustomerStatus, tone: BadgeTone) => ({
  get label() {
    return t(`customerStatus.${status}`);
  },
  tone,
  get action() {
    return t(`customerAction.${status}`);
  },
});
export const CUSTOMER_STATUS: Record<CustomerStatus, { label: string; tone: BadgeTone; action: string }> = {
  assigned: customerStatus('assigned', 'yellow'),
  in_progress: customerStatus('in_progress', 'blue'),
  completed: customerStatus('completed', 'green'),
};

/** 'Lamp (WiFi not set, not seen online yet)' in the language shown (the contract's describeDeviceNeeds). */
export function deviceNeeds(
  name: string,
  needs: readonly InstallationDeviceNeed[],
  translate: (key: `needs.${InstallationDeviceNeed}`) => string = (key) => t(key),
): string {
  return `${name} (${needs.map((need) => translate(`needs.${need}`)).join(', ')})`;
}

/** What completing an installation still waits for, in the language shown (the guided install's Handover). */
export function completionWaitsFor(installation: Installation, unsent: number): string[] {
  return [
    ...installation.devices
      .filter((d) => d.missing.length > 0)
      .map((d) => deviceNeeds(d.device_name, d.missing)),
    ...(installation.signature ? [] : [t('install.waitSignature')]),
    ...(installation.customer_training_completed ? [] : [t('install.waitTraining')]),
    ...(unsent > 0 ? [t('install.waitUnsent', { count: unsent })] : []),
  ];
}

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
  return { done, total: devices.length, text: t('progress', { done, total: devices.length }) };
}

/** A calendar date (YYYY-MM-DD) in words, or 'Not scheduled'. */
export function formatDay(day: string | null): string {
  if (!day) return t('notScheduled');
  const date = new Date(`${day}T00:00:00`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString(currentLocale(), { day: 'numeric', month: 'short', year: 'numeric' });
}
