import { AQI_BANDS_CPCB, type AutomationDefinitionInput, type Device } from '@isaac/contract';
import { i18n } from '~/lib/i18n';
import owner from '~/lib/i18n/en/owner';
import '~/lib/i18n/owner-texts';

/** Names the templates give, in the language shown when one is used. */
const t = i18n.getFixedT(null, 'owner');

/** A one-screen start: a name, what it does, and the automations it fills in from the home's devices. */
export interface AutomationTemplate {
  id: keyof typeof owner.automations.templates;
  title: string;
  description: string;
  /** The definitions it creates (a bedtime schedule is two: on, then off); null when the home lacks a device it needs. */
  build(devices: readonly Device[]): AutomationDefinitionInput[] | null;
}

const first = (devices: readonly Device[], type: Device['type']) => devices.find((d) => d.type === type);
/** The top of the CPCB band below Poor: "turns Poor" means the AQI rises above it. */
const POOR_FROM_AQI = AQI_BANDS_CPCB.find((b) => b.band === 'moderate')!.aqi[1];

export const AUTOMATION_TEMPLATES: readonly AutomationTemplate[] = [
  {
    id: 'clean-air',
    title: owner.automations.templates['clean-air'].title,
    description: owner.automations.templates['clean-air'].description,
    build(devices) {
      const sensor = first(devices, 'skywalker') ?? first(devices, 'isaac');
      const purifier = first(devices, 'isaac');
      if (!sensor || !purifier) return null;
      return [
        {
          name: t('automations.templates.clean-air.title'),
          trigger: {
            kind: 'air_quality',
            device_id: sensor._id,
            metric: 'aqi',
            direction: 'above',
            value: POOR_FROM_AQI,
            for_minutes: 5,
          },
          actions: [
            { kind: 'device', device_id: purifier._id, command: { kind: 'power', on: true } },
            { kind: 'device', device_id: purifier._id, command: { kind: 'fan_speed', speed: 'high' } },
          ],
          clear_actions: [{ kind: 'device', device_id: purifier._id, command: { kind: 'power', on: false } }],
        },
      ];
    },
  },
  {
    id: 'bedtime',
    title: owner.automations.templates.bedtime.title,
    description: owner.automations.templates.bedtime.description,
    build(devices) {
      const purifier = first(devices, 'isaac');
      if (!purifier) return null;
      const every = [0, 1, 2, 3, 4, 5, 6];
      return [
        {
          name: t('automations.templates.bedtime.on'),
          trigger: { kind: 'schedule', time: '22:00', days: every },
          actions: [{ kind: 'device', device_id: purifier._id, command: { kind: 'power', on: true } }],
        },
        {
          name: t('automations.templates.bedtime.off'),
          trigger: { kind: 'schedule', time: '07:00', days: every },
          actions: [{ kind: 'device', device_id: purifier._id, command: { kind: 'power', on: false } }],
        },
      ];
    },
  },
  {
    id: 'lights-off',
    title: owner.automations.templates['lights-off'].title,
    description: owner.automations.templates['lights-off'].description,
    build(devices) {
      const switches = devices.filter((d) => d.type === 'lumos');
      if (switches.length === 0) return null;
      return [
        {
          name: t('automations.templates.lights-off.title'),
          trigger: { kind: 'schedule', time: '23:00', days: [0, 1, 2, 3, 4, 5, 6] },
          actions: switches.slice(0, 10).map((d) => ({
            kind: 'device' as const,
            device_id: d._id,
            command: { kind: 'power' as const, on: false },
          })),
        },
      ];
    },
  },
  {
    id: 'offline',
    title: owner.automations.templates.offline.title,
    description: owner.automations.templates.offline.description,
    build(devices) {
      const device = first(devices, 'isaac') ?? devices[0];
      if (!device) return null;
      return [
        {
          name: t('automations.templates.offline.name', { device: device.name }),
          trigger: { kind: 'device', device_id: device._id, event: 'goes_offline' },
          actions: [
            { kind: 'notify', message: t('automations.templates.offline.message', { device: device.name }) },
          ],
        },
      ];
    },
  },
];
