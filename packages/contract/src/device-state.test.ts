import { describe, expect, it } from 'vitest';
import { applyDeviceCommand } from './device-state.ts';

const lumos = (gang_states: boolean[]) => ({ type: 'lumos', gang_states });

describe('applyDeviceCommand', () => {
  it('power on or off turns every gang of a Lumos switch with it', () => {
    expect(applyDeviceCommand(lumos([false, true, false]), { kind: 'power', on: true })).toEqual({
      ok: true,
      state: { power_on: true, gang_states: [true, true, true] },
    });
    expect(applyDeviceCommand(lumos([true, true]), { kind: 'power', on: false })).toEqual({
      ok: true,
      state: { power_on: false, gang_states: [false, false] },
    });
  });

  it('power leaves the gangs of other devices alone (they have none)', () => {
    expect(applyDeviceCommand({ type: 'isaac', gang_states: [] }, { kind: 'power', on: true })).toEqual({
      ok: true,
      state: { power_on: true, gang_states: [] },
    });
  });

  it('a gang command changes that gang only; the switch is on while any gang is on', () => {
    expect(applyDeviceCommand(lumos([false, true, false]), { kind: 'gang', index: 0, on: true })).toEqual({
      ok: true,
      state: { power_on: true, gang_states: [true, true, false] },
    });
    expect(applyDeviceCommand(lumos([false, true, false]), { kind: 'gang', index: 1, on: false })).toEqual({
      ok: true,
      state: { power_on: false, gang_states: [false, false, false] },
    });
  });

  it('refuses a gang command for a device without gangs, or an index outside the gangs', () => {
    expect(
      applyDeviceCommand({ type: 'skywalker', gang_states: [] }, { kind: 'gang', index: 0, on: true }),
    ).toEqual({ ok: false, refusal: 'no_gangs' });
    expect(applyDeviceCommand(lumos([]), { kind: 'gang', index: 0, on: true })).toEqual({
      ok: false,
      refusal: 'no_gangs',
    });
    for (const index of [-1, 3, 1.5]) {
      expect(applyDeviceCommand(lumos([true, false, true]), { kind: 'gang', index, on: true })).toEqual({
        ok: false,
        refusal: 'gang_out_of_range',
      });
    }
  });

  it('does not change the state it was given', () => {
    const gangs = [false, false];
    applyDeviceCommand(lumos(gangs), { kind: 'gang', index: 1, on: true });
    expect(gangs).toEqual([false, false]);
  });
});
