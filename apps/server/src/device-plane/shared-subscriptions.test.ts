import { describe, expect, it } from 'vitest';
import { serverSubscriptions } from './bus.ts';

describe('server subscriptions (ADR 061)', () => {
  it('share telemetry and state in the group; statuses, acks and firmware progress reach every process', () => {
    expect(serverSubscriptions('isaac')).toEqual([
      'd/+/status',
      '$share/isaac/d/+/state',
      '$share/isaac/d/+/telemetry',
      'd/+/ack/+',
      'd/+/ota/status',
    ]);
    expect(serverSubscriptions('')).toEqual([
      'd/+/status',
      'd/+/state',
      'd/+/telemetry',
      'd/+/ack/+',
      'd/+/ota/status',
    ]);
  });
});
