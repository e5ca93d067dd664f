import type { DeviceEvent } from '@isaac/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceRow } from '../../db/schema/index.ts';
import { DEVICE_CHANGES_WINDOW_MS, DeviceTriggers } from './device-triggers.ts';
import type { HomeAutomation } from './statements.ts';

/** The parts of a device row and an automation the triggers read (the rest is not theirs to look at). */
const device = (id: string, state: { on: boolean; online: boolean }) =>
  ({ id, name: `Purifier ${id}`, powerOn: state.on, isConnected: state.online }) as DeviceRow;
const automation = (id: string, deviceId: string, event: DeviceEvent) =>
  ({
    id,
    triggerDeviceId: deviceId,
    definition: { trigger: { kind: 'device', device_id: deviceId, event } },
  }) as unknown as HomeAutomation;

describe('device triggers', () => {
  afterEach(() => vi.useRealTimers());

  function triggers(rows: HomeAutomation[]) {
    const watching = vi.fn(async (ids: string[]) => rows.filter((r) => ids.includes(r.triggerDeviceId!)));
    const runs: string[] = [];
    const run = vi.fn(async (row: HomeAutomation, said: string) => void runs.push(`${row.id}: ${said}`));
    return { subject: new DeviceTriggers(watching, run), watching, runs };
  }

  it("looks up a moment's changes together and runs what each device's event triggers, once", async () => {
    const { subject, watching, runs } = triggers([
      automation('on-a', 'a', 'turns_on'),
      automation('off-b', 'b', 'goes_offline'),
      automation('on-c', 'c', 'turns_on'),
    ]);
    const off = { on: false, online: true };
    await Promise.all(['a', 'b', 'c'].map((id) => subject.changed(device(id, off))));
    expect(watching).toHaveBeenCalledTimes(1); // the first sight of each: they came online
    expect(runs).toEqual([]);
    watching.mockClear();

    // A wave of state reports: a and c switched on, b gone; a repeated report changes nothing.
    await Promise.all([
      subject.changed(device('a', { on: true, online: true })),
      subject.changed(device('b', { on: false, online: false })),
      subject.changed(device('c', { on: true, online: true })),
      subject.changed(device('a', { on: true, online: true })),
    ]);
    expect(watching).toHaveBeenCalledTimes(1);
    expect(watching.mock.calls[0]![0].sort()).toEqual(['a', 'b', 'c']);
    expect(runs.sort()).toEqual([
      'off-b: Purifier b went offline',
      'on-a: Purifier a turned on',
      'on-c: Purifier c turned on',
    ]);
    watching.mockClear();
    await subject.changed(device('a', { on: true, online: true }));
    expect(watching).not.toHaveBeenCalled();
  });

  it('keeps every event of a device that changed twice in one moment', async () => {
    const { subject, runs } = triggers([automation('off-a', 'a', 'turns_off')]);
    await subject.changed(device('a', { on: false, online: true }));
    await Promise.all([
      subject.changed(device('a', { on: true, online: true })),
      subject.changed(device('a', { on: false, online: true })),
    ]);
    expect(runs).toEqual(['off-a: Purifier a turned off']);
  });

  it('waits a moment, not more; closing releases what waits and looks nothing up', async () => {
    vi.useFakeTimers();
    const { subject, watching } = triggers([]);
    const first = subject.changed(device('a', { on: false, online: true }));
    await vi.advanceTimersByTimeAsync(DEVICE_CHANGES_WINDOW_MS);
    await first;
    expect(watching).toHaveBeenCalledTimes(1);
    const waiting = subject.changed(device('a', { on: true, online: true }));
    subject.close();
    await waiting;
    await vi.advanceTimersByTimeAsync(DEVICE_CHANGES_WINDOW_MS * 2);
    expect(watching).toHaveBeenCalledTimes(1);
  });

  it("a failed lookup fails the moment's callers", async () => {
    const subject = new DeviceTriggers(
      async () => {
        throw new Error('database gone');
      },
      async () => undefined,
    );
    await expect(subject.changed(device('a', { on: false, online: true }))).rejects.toThrow('database gone');
  });
});
