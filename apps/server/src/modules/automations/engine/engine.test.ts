import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayToggle, pruneHistory } from './limits.ts';
import { localClock, minutesOf, withinWindow } from '@isaac/contract';
import { missedRuns, nextRun } from './schedule.ts';
import { initialWatch, observe, type Threshold, type WatchState } from './threshold.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Feeds readings to a watch; the times at which it fired. */
function run(threshold: Threshold, readings: { at: number; value: number }[]): number[] {
  let state: WatchState = initialWatch;
  const fired: number[] = [];
  for (const reading of readings) {
    const next = observe(state, threshold, reading);
    if (next.fire) fired.push(reading.at);
    state = next.state;
  }
  return fired;
}

/** Readings every `stepMs` from t = 0 with the given values. */
const series = (values: number[], stepMs = 10_000) => values.map((value, i) => ({ at: i * stepMs, value }));

const thresholdArb = fc.record({
  direction: fc.constantFrom('above' as const, 'below' as const),
  value: fc.integer({ min: 10, max: 300 }),
  forMs: fc.integer({ min: 0, max: 30 }).map((m) => m * MINUTE),
  hysteresis: fc.integer({ min: 1, max: 30 }),
});

describe('air-quality threshold watch', () => {
  it('fires once when PM2.5 stays above the threshold for the duration, not before', () => {
    const threshold: Threshold = { direction: 'above', value: 90, forMs: 5 * MINUTE, hysteresis: 9 };
    // 10 s readings: 1 min below, then 10 min above, then below again.
    const values = [...Array(6).fill(40), ...Array(60).fill(150), ...Array(6).fill(40)];
    const fired = run(threshold, series(values));
    expect(fired).toEqual([60_000 + 5 * MINUTE]);
  });

  it('a dip below the threshold before the duration restarts the wait', () => {
    const threshold: Threshold = { direction: 'above', value: 90, forMs: 2 * MINUTE, hysteresis: 9 };
    const values = [...Array(10).fill(120), 80, ...Array(13).fill(120)];
    // The first stretch spans 90 s (< 2 min); after the dip at 100 s the wait starts again at 110 s.
    expect(run(threshold, series(values))).toEqual([230_000]);
  });

  it('hovering at the threshold does not fire again until the value has come back by the hysteresis', () => {
    const threshold: Threshold = { direction: 'above', value: 90, forMs: 0, hysteresis: 9 };
    expect(run(threshold, series([95, 89, 95, 85, 95, 81, 95]))).toEqual([0, 60_000]);
  });

  it('a "below" trigger mirrors it', () => {
    const threshold: Threshold = { direction: 'below', value: 30, forMs: MINUTE, hysteresis: 5 };
    // Fires at 70 s; 32 and 20 are not back by the hysteresis (35), 36 is; then 60 s below again.
    const values = [50, ...Array(7).fill(20), 32, 20, 36, ...Array(7).fill(20)];
    expect(run(threshold, series(values))).toEqual([70_000, 170_000]);
  });

  it('ignores a reading older than the last one seen', () => {
    const threshold: Threshold = { direction: 'above', value: 90, forMs: 0, hysteresis: 9 };
    const fired = run(threshold, [
      { at: 10_000, value: 100 },
      { at: 20_000, value: 50 },
      { at: 5_000, value: 100 },
      { at: 30_000, value: 100 },
    ]);
    expect(fired).toEqual([10_000, 30_000]);
  });

  it('property: every firing follows a stretch past the threshold at least as long as the duration', () => {
    fc.assert(
      fc.property(
        thresholdArb,
        fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 300 }),
        (threshold, values) => {
          const readings = series(values);
          const isPast = (v: number) =>
            threshold.direction === 'above' ? v > threshold.value : v < threshold.value;
          for (const at of run(threshold, readings)) {
            const i = at / 10_000;
            // The stretch of past readings ending at the firing one spans the duration.
            let start = i;
            while (start > 0 && isPast(values[start - 1]!)) start -= 1;
            expect(isPast(values[i]!)).toBe(true);
            expect(at - start * 10_000).toBeGreaterThanOrEqual(threshold.forMs);
          }
        },
      ),
    );
  });

  it('property: between two firings the value came back by the hysteresis', () => {
    fc.assert(
      fc.property(
        thresholdArb,
        fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 300 }),
        (threshold, values) => {
          const fired = run(threshold, series(values)).map((at) => at / 10_000);
          const isBack = (v: number) =>
            threshold.direction === 'above'
              ? v <= threshold.value - threshold.hysteresis
              : v >= threshold.value + threshold.hysteresis;
          for (let k = 1; k < fired.length; k += 1) {
            expect(values.slice(fired[k - 1]! + 1, fired[k]).some(isBack)).toBe(true);
          }
        },
      ),
    );
  });

  it('property: fire and clear alternate, starting with a fire; each clear is at a value back by the hysteresis', () => {
    fc.assert(
      fc.property(
        thresholdArb,
        fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 300 }),
        (threshold, values) => {
          let state: WatchState = initialWatch;
          const events: string[] = [];
          for (const reading of series(values)) {
            const next = observe(state, threshold, reading);
            if (next.fire) events.push('fire');
            if (next.clear) {
              events.push('clear');
              const v = reading.value;
              expect(
                threshold.direction === 'above'
                  ? v <= threshold.value - threshold.hysteresis
                  : v >= threshold.value + threshold.hysteresis,
              ).toBe(true);
            }
            state = next.state;
          }
          events.forEach((event, i) => expect(event).toBe(i % 2 === 0 ? 'fire' : 'clear'));
        },
      ),
    );
  });

  it('property: one excursion held for the duration fires exactly once, a shorter one never', () => {
    fc.assert(
      fc.property(
        thresholdArb,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 0, max: 40 }),
        (threshold, before, during, after) => {
          const calm =
            threshold.direction === 'above'
              ? threshold.value - threshold.hysteresis
              : threshold.value + threshold.hysteresis;
          const spike = threshold.direction === 'above' ? threshold.value + 1 : threshold.value - 1;
          const values = [
            ...Array(before).fill(calm),
            ...Array(during).fill(spike),
            ...Array(after).fill(calm),
          ];
          const held = (during - 1) * 10_000 >= threshold.forMs;
          expect(run(threshold, series(values))).toHaveLength(held ? 1 : 0);
        },
      ),
    );
  });
});

describe('toggle limits', () => {
  it('allows the hourly number of toggles and refuses the next one within the hour', () => {
    const base = { maxPerHour: 2, manualAt: null, manualOverrideMs: 0 };
    expect(mayToggle({ ...base, now: HOUR, history: [] })).toEqual({ ok: true });
    expect(mayToggle({ ...base, now: HOUR, history: [10 * MINUTE, 50 * MINUTE] })).toEqual({
      ok: false,
      reason: 'rate_limited',
    });
    // The first toggle is now more than an hour old.
    expect(mayToggle({ ...base, now: HOUR + 11 * MINUTE, history: [10 * MINUTE, 50 * MINUTE] })).toEqual({
      ok: true,
    });
  });

  it('a manual command keeps automations off the device for the override window', () => {
    const input = { now: 100 * MINUTE, history: [], maxPerHour: 2, manualOverrideMs: 30 * MINUTE };
    expect(mayToggle({ ...input, manualAt: 80 * MINUTE })).toEqual({ ok: false, reason: 'manual_override' });
    expect(mayToggle({ ...input, manualAt: 70 * MINUTE })).toEqual({ ok: true });
    expect(mayToggle({ ...input, manualAt: 99 * MINUTE, manualOverrideMs: 0 })).toEqual({ ok: true });
  });

  it('property: for any series of requests, no device is toggled more often than the limit in any hour', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.integer({ min: 0, max: 6 * HOUR }), { maxLength: 400 }),
        (maxPerHour, requests) => {
          let history: number[] = [];
          const toggled: number[] = [];
          for (const now of [...requests].sort((a, b) => a - b)) {
            if (mayToggle({ now, history, maxPerHour, manualAt: null, manualOverrideMs: 0 }).ok) {
              history = [...pruneHistory(history, now), now];
              toggled.push(now);
            }
          }
          for (const start of toggled) {
            expect(toggled.filter((at) => at >= start && at < start + HOUR).length).toBeLessThanOrEqual(
              maxPerHour,
            );
          }
        },
      ),
    );
  });
});

describe('schedules in the home’s time zone', () => {
  const kolkata = 'Asia/Kolkata';

  it('runs at the wall-clock time in Asia/Kolkata (UTC+05:30)', () => {
    const weekdays = { time: '07:00', days: [1, 2, 3, 4, 5] };
    // Friday 2026-11-27 10:00 IST → next is Monday 30 Nov 07:00 IST = 01:30 UTC.
    expect(nextRun(weekdays, kolkata, new Date('2026-11-27T04:30:00Z'))?.toISOString()).toBe(
      '2026-11-30T01:30:00.000Z',
    );
  });

  it('crosses midnight: 00:15 on Monday in India is Sunday evening in UTC', () => {
    const run = nextRun({ time: '00:15', days: [1] }, kolkata, new Date('2026-11-29T12:00:00Z'));
    expect(run?.toISOString()).toBe('2026-11-29T18:45:00.000Z');
    expect(localClock(run!, kolkata)).toEqual({ minute: 15, weekday: 1 });
  });

  it('a run at exactly `after` is not the next one', () => {
    const at = new Date('2026-11-27T17:30:00Z'); // 23:00 IST Friday
    expect(nextRun({ time: '23:00', days: [5] }, kolkata, at)?.toISOString()).toBe(
      '2026-12-04T17:30:00.000Z',
    );
  });

  it('London’s clock changes: a time in the skipped hour runs when the clock jumps, one in the repeated hour once', () => {
    const london = 'Europe/London';
    // 28 March 2027: 01:00 GMT becomes 02:00 BST, so 01:30 never shows on a London clock that day.
    const spring = nextRun({ time: '01:30', days: [0] }, london, new Date('2027-03-27T12:00:00Z'));
    expect(spring?.toISOString()).toBe('2027-03-28T01:00:00.000Z');
    expect(localClock(spring!, london)).toEqual({ minute: 2 * 60, weekday: 0 });
    // 25 October 2026: 02:00 BST becomes 01:00 GMT, so 01:30 shows twice; the schedule runs at the first.
    const daily = { time: '01:30', days: [0, 1, 2, 3, 4, 5, 6] };
    const fall = nextRun(daily, london, new Date('2026-10-24T12:00:00Z'));
    expect(fall?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(nextRun(daily, london, fall!)?.toISOString()).toBe('2026-10-26T01:30:00.000Z');
    // The same wall-clock time is an hour apart in UTC on either side of the change; India's never moves.
    const seven = { time: '07:00', days: [0, 1, 2, 3, 4, 5, 6] };
    expect(nextRun(seven, london, new Date('2027-03-27T00:00:00Z'))?.toISOString()).toBe(
      '2027-03-27T07:00:00.000Z',
    );
    expect(nextRun(seven, london, new Date('2027-03-28T00:00:00Z'))?.toISOString()).toBe(
      '2027-03-28T06:00:00.000Z',
    );
    expect(nextRun(seven, kolkata, new Date('2027-03-28T00:00:00Z'))?.toISOString()).toBe(
      '2027-03-28T01:30:00.000Z',
    );
  });

  it('lists the runs missed while the server was down, oldest first, bounded', () => {
    const daily = { time: '23:00', days: [0, 1, 2, 3, 4, 5, 6] };
    const missed = missedRuns(
      daily,
      kolkata,
      new Date('2026-11-24T12:00:00Z'),
      new Date('2026-11-27T18:00:00Z'),
    );
    expect(missed.map((d) => d.toISOString())).toEqual([
      '2026-11-24T17:30:00.000Z',
      '2026-11-25T17:30:00.000Z',
      '2026-11-26T17:30:00.000Z',
      '2026-11-27T17:30:00.000Z',
    ]);
    expect(
      missedRuns(daily, kolkata, new Date('2026-11-01T00:00:00Z'), new Date('2026-12-01T00:00:00Z'), 3),
    ).toHaveLength(3);
  });

  it('property: the next run is later, on a chosen day, at the chosen time, and none is skipped', () => {
    const zones = ['Asia/Kolkata', 'UTC', 'Asia/Kathmandu', 'America/New_York', 'Europe/London'];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
        fc.date({
          min: new Date('2025-01-01T00:00:00Z'),
          max: new Date('2028-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (zone, hour, minute, days, after) => {
          const trigger = {
            time: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
            days,
          };
          const run = nextRun(trigger, zone, after)!;
          expect(run.getTime()).toBeGreaterThan(after.getTime());
          expect(run.getTime() - after.getTime()).toBeLessThanOrEqual(8 * 24 * HOUR);
          const clock = localClock(run, zone);
          expect(days).toContain(clock.weekday);
          // Zones with daylight saving have an hour a day a year that does not exist: a run there moves by it.
          expect(Math.abs(clock.minute - (hour * 60 + minute))).toBeLessThanOrEqual(60);
          if (zone === 'Asia/Kolkata' || zone === 'UTC' || zone === 'Asia/Kathmandu') {
            expect(clock.minute).toBe(hour * 60 + minute);
          }
          // Nothing in between: every whole minute between `after` and the run is not a matching minute.
          const missed = missedRuns(trigger, zone, after, new Date(run.getTime() - 1));
          expect(missed).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a window spans midnight when it starts after it ends', () => {
    const [from, to] = [minutesOf('22:00'), minutesOf('06:00')];
    expect(withinWindow(minutesOf('23:30'), from, to)).toBe(true);
    expect(withinWindow(minutesOf('05:59'), from, to)).toBe(true);
    expect(withinWindow(minutesOf('06:00'), from, to)).toBe(false);
    expect(withinWindow(minutesOf('12:00'), from, to)).toBe(false);
    expect(withinWindow(minutesOf('12:00'), minutesOf('09:00'), minutesOf('17:00'))).toBe(true);
    expect(withinWindow(minutesOf('17:00'), minutesOf('09:00'), minutesOf('17:00'))).toBe(false);
    expect(withinWindow(0, 600, 600)).toBe(true);
  });
});
