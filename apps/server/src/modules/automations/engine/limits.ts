const HOUR_MS = 60 * 60 * 1000;

/**
 * Whether an automation may toggle a device now: fewer than `maxPerHour` toggles by automations in the
 * hour before `now` (`history`: those toggles' times, ms), and no manual command within the override
 * window (`manualAt`: the latest command a person sent to the device). A person's command always wins for
 * a while, and a flapping sensor cannot wear out a relay or annoy a household.
 */
export function mayToggle(input: {
  now: number;
  history: readonly number[];
  maxPerHour: number;
  manualAt: number | null;
  manualOverrideMs: number;
}): { ok: true } | { ok: false; reason: 'rate_limited' | 'manual_override' } {
  const { now, history, maxPerHour, manualAt, manualOverrideMs } = input;
  if (manualAt !== null && manualOverrideMs > 0 && now - manualAt < manualOverrideMs) {
    return { ok: false, reason: 'manual_override' };
  }
  const recent = history.filter((at) => at > now - HOUR_MS && at <= now).length;
  return recent < maxPerHour ? { ok: true } : { ok: false, reason: 'rate_limited' };
}

/** The toggle times still worth keeping at `now` (the last hour's). */
export function pruneHistory(history: readonly number[], now: number): number[] {
  return history.filter((at) => at > now - HOUR_MS);
}
