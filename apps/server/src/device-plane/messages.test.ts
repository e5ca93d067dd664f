import { DEVICE_MESSAGE_MAX_BYTES, READING_RANGES, TELEMETRY_MAX_CLOCK_AHEAD_MS } from '@isaac/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readDeviceMessage, roundReading, settledTime, type DeviceMessageKind } from './messages.ts';

/**
 * The edge of the device plane (issue 27): whatever bytes a device sends, `readDeviceMessage` never throws,
 * and what it accepts is inside the contract — finite numbers in their physical ranges, a time the server
 * trusts.
 */
const NOW = new Date('2026-11-27T12:00:00.000Z');
const RETENTION_DAYS = 30;
const EARLIEST = NOW.getTime() - RETENTION_DAYS * 86_400_000;
const KINDS: DeviceMessageKind[] = ['status', 'state', 'telemetry', 'ack', 'ota_status'];
const bytes = (value: unknown) =>
  new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));

/** Hostile values: wrong types, huge and tiny numbers, dates that are not dates, nested junk. */
const junk = fc.oneof(
  fc.constantFrom(
    'infinity',
    '-infinity',
    'epoch',
    'not-a-date',
    '9999-12-31T23:59:59Z',
    '0001-01-01T00:00:00Z',
    '2026-11-27T12:00:00',
    '',
    null,
    true,
    [],
    {},
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER,
    -0,
  ),
  fc.double(),
  fc.integer(),
  fc.string(),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.anything({ maxDepth: 3 }),
);

const telemetryLike = fc.record(
  {
    pm25: junk,
    pm10: junk,
    temperature: junk,
    humidity: junk,
    battery: junk,
    filter_life: junk,
    mode: fc.oneof(fc.constantFrom('auto', 'manual'), junk),
    at: junk,
  },
  { requiredKeys: [] },
);

function expectTelemetryInContract(message: Record<string, unknown>) {
  for (const [name, [min, max]] of Object.entries(READING_RANGES)) {
    const value = message[name];
    if (value === undefined) continue;
    expect(typeof value).toBe('number');
    expect(Number.isFinite(value)).toBe(true);
    expect(value as number).toBeGreaterThanOrEqual(min);
    expect(value as number).toBeLessThanOrEqual(max);
  }
  const at = message.at as Date;
  expect(at).toBeInstanceOf(Date);
  expect(at.getTime()).toBeGreaterThanOrEqual(EARLIEST);
  expect(at.getTime()).toBeLessThanOrEqual(NOW.getTime() + TELEMETRY_MAX_CLOCK_AHEAD_MS);
}

describe('device messages read at the edge', () => {
  it('never throws on arbitrary bytes, on any topic', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KINDS), fc.uint8Array({ maxLength: 6000 }), (kind, payload) => {
        const result = readDeviceMessage(kind, payload, NOW, RETENTION_DAYS);
        if (payload.byteLength > DEVICE_MESSAGE_MAX_BYTES[kind])
          expect(result).toMatchObject({ ok: false, reason: 'too_large' });
      }),
      { numRuns: 3000 },
    );
  });

  it('accepts only telemetry inside the contract: finite readings in range, a time inside the window', () => {
    fc.assert(
      fc.property(telemetryLike, (candidate) => {
        const result = readDeviceMessage('telemetry', bytes(candidate), NOW, RETENTION_DAYS);
        if (result.ok) expectTelemetryInContract(result.message as unknown as Record<string, unknown>);
        else expect(['invalid', 'not_json', 'too_large']).toContain(result.reason);
      }),
      { numRuns: 5000 },
    );
  });

  it('keeps every valid reading, with the device time when it is plausible', () => {
    const valid = fc.record({
      pm25: fc.double({ min: 0, max: 1000, noNaN: true }),
      temperature: fc.double({ min: -40, max: 85, noNaN: true }),
      humidity: fc.double({ min: 0, max: 100, noNaN: true }),
      battery: fc.integer({ min: 0, max: 100 }),
      at: fc
        .integer({ min: EARLIEST + 1000, max: NOW.getTime() + TELEMETRY_MAX_CLOCK_AHEAD_MS - 1000 })
        .map((ms) => new Date(ms).toISOString()),
    });
    fc.assert(
      fc.property(valid, (message) => {
        const result = readDeviceMessage('telemetry', bytes(message), NOW, RETENTION_DAYS);
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(result.message).toMatchObject({ pm25: roundReading(message.pm25), battery: message.battery });
        expect((result.message as { at: Date }).at.toISOString()).toBe(message.at);
      }),
      { numRuns: 1000 },
    );
  });

  it('the review\'s messages: "infinity" and "not-a-date" are refused, far dates fall back to the receive time', () => {
    expect(readDeviceMessage('telemetry', bytes({ pm25: 12, at: 'infinity' }), NOW, 30)).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    expect(readDeviceMessage('telemetry', bytes({ pm25: 12, at: 'not-a-date' }), NOW, 30)).toMatchObject({
      ok: false,
    });
    for (const at of ['9999-12-31T23:59:59Z', '1970-01-01T00:00:00Z', '2026-11-27T12:06:00+00:00']) {
      const result = readDeviceMessage('telemetry', bytes({ pm25: 12, at }), NOW, 30);
      expect(result.ok && (result.message as { at: Date }).at).toEqual(NOW);
    }
    // An offset is a real offset: 17:34 in India is 12:04 UTC, inside the window.
    const india = readDeviceMessage(
      'telemetry',
      bytes({ pm25: 12, at: '2026-11-27T17:34:00+05:30' }),
      NOW,
      30,
    );
    expect(india.ok && (india.message as { at: Date }).at.toISOString()).toBe('2026-11-27T12:04:00.000Z');
    // Numbers JSON cannot hold exactly: 1e999 parses as Infinity and is refused.
    expect(readDeviceMessage('telemetry', bytes('{"pm25":1e999}'), NOW, 30)).toMatchObject({ ok: false });
    expect(readDeviceMessage('telemetry', bytes({ pm25: 1001 }), NOW, 30)).toMatchObject({ ok: false });
    expect(readDeviceMessage('telemetry', bytes({ at: NOW.toISOString() }), NOW, 30)).toMatchObject({
      ok: false,
    });
  });

  it('refuses a payload over its topic limit before parsing it, and bytes that are not UTF-8', () => {
    const big = bytes({ pm25: 1, pad: 'x'.repeat(DEVICE_MESSAGE_MAX_BYTES.telemetry) });
    expect(readDeviceMessage('telemetry', big, NOW, 30)).toMatchObject({ ok: false, reason: 'too_large' });
    expect(readDeviceMessage('status', new Uint8Array([0xff, 0xfe]), NOW, 30)).toMatchObject({
      ok: false,
      reason: 'not_utf8',
    });
    expect(readDeviceMessage('status', bytes('online'), NOW, 30)).toEqual({ ok: true, message: 'online' });
  });

  it('settledTime: undefined → receive time; inside the window → the device time', () => {
    expect(settledTime(undefined, NOW, 30)).toBe(NOW);
    const hourAgo = new Date(NOW.getTime() - 3_600_000).toISOString();
    expect(settledTime(hourAgo, NOW, 30).toISOString()).toBe(hourAgo);
  });
});
