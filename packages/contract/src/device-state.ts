/**
 * The Lumos power and gang rules, in one pure function used by the server's command service (the state
 * a command leads to) and by the web's optimistic updates (what a card shows before the server answers).
 * No zod: the web's owner screens import it without the schemas.
 */

/** An ISAAC purifier's fan speeds, slowest first. */
export const FAN_SPEEDS = ['low', 'medium', 'high'] as const;
export type FanSpeed = (typeof FAN_SPEEDS)[number];

/** The fan speed a new device starts with: ISAAC purifiers 'medium', devices without a fan none. */
export function initialFanSpeed(type: string): FanSpeed | null {
  return type === 'isaac' ? 'medium' : null;
}

/**
 * What a command asks of a device: power for the whole device, one gang of a Lumos switch, or an ISAAC
 * purifier's fan speed.
 */
export type DeviceCommand =
  | { kind: 'power'; on: boolean }
  | { kind: 'gang'; index: number; on: boolean }
  | { kind: 'fan_speed'; speed: FanSpeed };

/** A device's switchable state: its power and one on/off per gang (index 0 to gang count - 1). */
export interface SwitchState {
  power_on: boolean;
  gang_states: boolean[];
  /** ISAAC only (null for other types). */
  fan_speed?: FanSpeed | null;
}

/**
 * Why a command cannot apply: the device has no gangs, the index is outside 0..gang count - 1, or a fan
 * speed was asked of a device without a fan.
 */
export type CommandRefusal = 'no_gangs' | 'gang_out_of_range' | 'no_fan';

export type CommandOutcome = { ok: true; state: SwitchState } | { ok: false; refusal: CommandRefusal };

/**
 * The state `command` leads to from `current` (`gang_states` holds exactly the device's gangs):
 * - power: the device turns on or off, and a Lumos switch turns all its gangs with it;
 * - gang (Lumos only): that gang turns on or off, the others stay, and the switch counts as on while
 *   any gang is on;
 * - fan speed (ISAAC only): the speed changes, the power stays.
 */
export function applyDeviceCommand(
  device: { type: string; gang_states: readonly boolean[]; power_on?: boolean },
  command: DeviceCommand,
): CommandOutcome {
  const gangs = [...device.gang_states];
  if (command.kind === 'fan_speed') {
    // Setting a speed does not switch the purifier on or off (as a remote's speed button on a purifier that is off).
    if (device.type !== 'isaac') return { ok: false, refusal: 'no_fan' };
    return {
      ok: true,
      state: { power_on: device.power_on ?? false, gang_states: gangs, fan_speed: command.speed },
    };
  }
  if (command.kind === 'power') {
    const gangStates = device.type === 'lumos' ? gangs.map(() => command.on) : gangs;
    return { ok: true, state: { power_on: command.on, gang_states: gangStates } };
  }
  if (device.type !== 'lumos' || gangs.length < 1) return { ok: false, refusal: 'no_gangs' };
  if (!Number.isInteger(command.index) || command.index < 0 || command.index >= gangs.length) {
    return { ok: false, refusal: 'gang_out_of_range' };
  }
  gangs[command.index] = command.on;
  return { ok: true, state: { power_on: gangs.some(Boolean), gang_states: gangs } };
}
