import {
  WEEKDAY_LABELS,
  type Automation,
  type AutomationAction,
  type AutomationTrigger,
  type Device,
} from '@isaac/contract';
import { i18n } from '~/lib/i18n';
import '~/lib/i18n/owner-texts';

type Names = ReadonlyMap<string, string>;

export const namesOf = (devices: readonly Device[]): Names => new Map(devices.map((d) => [d._id, d.name]));
/** The texts of namespace `owner` in the language shown (the phrases are built outside components). */
const t = i18n.getFixedT(null, 'owner');
const nameOf = (names: Names, id: string) => names.get(id) ?? t('automations.describe.removedDevice');

/** The catalogue's key of each day, Sunday (0) first. */
export const WEEKDAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** "Mon–Fri", "Every day", "Sat, Sun". */
export function daysPhrase(days: readonly number[]): string {
  const sorted = [...days].sort((a, b) => a - b);
  if (sorted.length === 7) return t('automations.describe.everyDay');
  if (sorted.join() === '1,2,3,4,5') return t('automations.describe.weekdays');
  if (sorted.join() === '0,6') return t('automations.describe.weekends');
  return sorted
    .map((d) => {
      const day = WEEKDAY_KEYS[d];
      return day ? t(`automations.weekdays.${day}`) : (WEEKDAY_LABELS[d] ?? String(d));
    })
    .join(', ');
}

/** The WHEN of an automation as a sentence. */
export function triggerPhrase(trigger: AutomationTrigger, names: Names): string {
  switch (trigger.kind) {
    case 'air_quality': {
      const values = {
        metric: trigger.metric === 'pm25' ? 'PM2.5' : 'AQI',
        device: nameOf(names, trigger.device_id),
        direction: t(`automations.describe.${trigger.direction}`),
        value: trigger.value,
        minutes: trigger.for_minutes,
      };
      return trigger.for_minutes > 0
        ? t('automations.describe.airFor', values)
        : t('automations.describe.air', values);
    }
    case 'schedule':
      return t('automations.describe.schedule', { time: trigger.time, days: daysPhrase(trigger.days) });
    case 'device':
      return t('automations.describe.device', {
        device: nameOf(names, trigger.device_id),
        event: t(`automations.describe.events.${trigger.event}`),
      });
  }
}

/** One THEN step as a phrase. */
export function actionPhrase(action: AutomationAction, names: Names): string {
  if (action.kind === 'delay') return t('automations.describe.wait', { seconds: action.seconds });
  if (action.kind === 'notify') return t('automations.describe.notify');
  const device = nameOf(names, action.device_id);
  const command = action.command;
  if (command.kind === 'power') {
    return t(command.on ? 'automations.describe.turnOn' : 'automations.describe.turnOff', { device });
  }
  if (command.kind === 'gang') {
    return t(command.on ? 'automations.describe.gangOn' : 'automations.describe.gangOff', {
      n: command.index + 1,
      device,
    });
  }
  return t('automations.describe.fan', { device, speed: t(`automations.speeds.${command.speed}`) });
}

/**
 * The steps that undo `actions` when the air is clean again: each on/off of a device switched back (a fan
 * speed, a notification or a wait has no undo).
 */
export function undoOf(actions: readonly AutomationAction[]): AutomationAction[] {
  return actions.flatMap((a) =>
    a.kind === 'device' && a.command.kind !== 'fan_speed'
      ? [{ ...a, command: { ...a.command, on: !a.command.on } }]
      : [],
  );
}

/** "When … → turn on Purifier, notify me" (and ", back when clean" when it undoes them). */
export function describeAutomation(
  automation: Pick<Automation, 'trigger' | 'actions' | 'clear_actions'>,
  names: Names,
): string {
  const steps = automation.actions.map((a) => actionPhrase(a, names)).join(', ');
  const trigger = triggerPhrase(automation.trigger, names);
  return automation.clear_actions.length > 0
    ? t('automations.describe.summaryUndo', { trigger, steps })
    : t('automations.describe.summary', { trigger, steps });
}
