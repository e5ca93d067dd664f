import type { AutomationAction, DeviceEvent } from '@isaac/contract';

// The words of a run's stored record (its trigger and steps): English, the record's language; the notices
// people read are translated from the catalogues.

/** A device event as a trigger names it: "turned on", "went offline". */
export function eventPhrase(event: DeviceEvent): string {
  switch (event) {
    case 'turns_on':
      return 'turned on';
    case 'turns_off':
      return 'turned off';
    case 'goes_offline':
      return 'went offline';
    case 'comes_online':
      return 'came online';
  }
}

/** What a command leaves the device as: "on", "off", "fan high". */
export function stateWord(command: Extract<AutomationAction, { kind: 'device' }>['command']): string {
  if (command.kind === 'fan_speed') return `at fan ${command.speed}`;
  return command.on ? 'on' : 'off';
}

/** What a command did, as a step's detail: "turned on", "switch 2 off", "fan high". */
export function commandPhrase(command: Extract<AutomationAction, { kind: 'device' }>['command']): string {
  if (command.kind === 'power') return command.on ? 'turned on' : 'turned off';
  if (command.kind === 'gang') return `switch ${command.index + 1} ${command.on ? 'on' : 'off'}`;
  return `fan ${command.speed}`;
}
