import type { ThresholdDirection } from '@isaac/contract';

/**
 * One air-quality trigger's watch over its sensor's readings: "PM2.5 above 90 for 10 minutes" fires once
 * when the value has stayed past the threshold for the duration, and re-arms only once the value has come
 * back past the threshold by the hysteresis (contract `thresholdHysteresis`). Pure: the state goes in and
 * out, so the engine can keep it in memory and persist it, and the property tests can drive it.
 */
export type WatchState =
  /** Not past the threshold (or re-armed). */
  | { phase: 'idle'; lastAt: number | null }
  /** Past the threshold since `since`, not yet for long enough. */
  | { phase: 'pending'; since: number; lastAt: number }
  /** Fired; waits for the value to come back by the hysteresis. */
  | { phase: 'fired'; lastAt: number };

export interface Threshold {
  direction: ThresholdDirection;
  value: number;
  forMs: number;
  hysteresis: number;
}

export const initialWatch: WatchState = { phase: 'idle', lastAt: null };

/** Past the threshold: strictly above (or below) it. */
function past(threshold: Threshold, value: number): boolean {
  return threshold.direction === 'above' ? value > threshold.value : value < threshold.value;
}

/** Back by the hysteresis: at or below threshold − hysteresis (or at or above threshold + hysteresis). */
function back(threshold: Threshold, value: number): boolean {
  return threshold.direction === 'above'
    ? value <= threshold.value - threshold.hysteresis
    : value >= threshold.value + threshold.hysteresis;
}

/**
 * The state after one reading taken at `at` (ms), whether the trigger fires with it, and whether it clears
 * with it (a fired watch re-arms: the value came back by the hysteresis). A reading older than the last one
 * seen changes nothing (devices may send a buffered batch out of order).
 */
export function observe(
  state: WatchState,
  threshold: Threshold,
  reading: { at: number; value: number },
): { state: WatchState; fire: boolean; clear?: true } {
  const { at, value } = reading;
  if (state.lastAt !== null && at < state.lastAt) return { state, fire: false };
  switch (state.phase) {
    case 'fired':
      return back(threshold, value)
        ? { state: { phase: 'idle', lastAt: at }, fire: false, clear: true }
        : { state: { phase: 'fired', lastAt: at }, fire: false };
    case 'pending':
      if (!past(threshold, value)) return { state: { phase: 'idle', lastAt: at }, fire: false };
      if (at - state.since >= threshold.forMs) return { state: { phase: 'fired', lastAt: at }, fire: true };
      return { state: { ...state, lastAt: at }, fire: false };
    case 'idle':
      if (!past(threshold, value)) return { state: { phase: 'idle', lastAt: at }, fire: false };
      if (threshold.forMs === 0) return { state: { phase: 'fired', lastAt: at }, fire: true };
      return { state: { phase: 'pending', since: at, lastAt: at }, fire: false };
  }
}
