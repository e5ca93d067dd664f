import type { AutomationDefinitionInput, Device } from '@isaac/contract';

type AutomationTrigger = AutomationDefinitionInput['trigger'];

/** A new trigger of `kind`, filled in from the home's devices. */
export function defaultTrigger(
  kind: AutomationTrigger['kind'],
  devices: readonly Device[],
): AutomationTrigger {
  if (kind === 'schedule') return { kind, time: '07:00', days: [1, 2, 3, 4, 5] };
  if (kind === 'device') return { kind, device_id: devices[0]?._id ?? '', event: 'goes_offline' };
  const sensor = devices.find((d) => d.type === 'skywalker' || d.type === 'isaac');
  return {
    kind,
    device_id: sensor?._id ?? '',
    metric: 'pm25',
    direction: 'above',
    value: 90,
    for_minutes: 5,
  };
}

/** Where a new automation starts (New automation). */
export const blankAutomation = (devices: readonly Device[]): AutomationDefinitionInput => ({
  name: '',
  trigger: defaultTrigger('air_quality', devices),
  actions: [],
});
