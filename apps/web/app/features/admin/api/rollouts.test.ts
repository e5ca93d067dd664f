// @vitest-environment node
import { ROLLOUT_DEVICE_STATES, type Rollout, type RolloutDeviceState } from '@isaac/contract';
import { describe, expect, it } from 'vitest';
import { IDLE_MS, LIVE_MS, WAITING_MS, rolloutPollMs } from './rollouts';

const rollout = (status: Rollout['status'], some: Partial<Record<RolloutDeviceState, number>>) => ({
  status,
  counts: Object.fromEntries(
    ROLLOUT_DEVICE_STATES.map((state) => [state, some[state] ?? 0]),
  ) as Rollout['counts'],
});

describe('rolloutPollMs (issue 30: no 2 s poll while nothing moves)', () => {
  it('follows a device being updated every 2 s', () => {
    expect(rolloutPollMs([rollout('running', { QUEUED: 3, DOWNLOADING: 1 })])).toBe(LIVE_MS);
    expect(LIVE_MS).toBe(2000);
  });

  it('polls every 10 s while a running rollout only waits for offline devices', () => {
    expect(rolloutPollMs([rollout('running', { QUEUED: 4, UPDATED: 2 })])).toBe(WAITING_MS);
    expect(WAITING_MS).toBe(10_000);
  });

  it('polls every 30 s when no rollout runs (or before the list loads)', () => {
    expect(rolloutPollMs([rollout('completed', { UPDATED: 5 }), rollout('paused', { DOWNLOADING: 1 })])).toBe(
      IDLE_MS,
    );
    expect(rolloutPollMs(undefined)).toBe(IDLE_MS);
  });
});
