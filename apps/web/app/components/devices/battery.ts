export type BatteryTone = 'green' | 'yellow' | 'red';

/** Spec section 4, battery bar: above 50 green; above 20 up to 50 yellow; otherwise red. */
export function batteryTone(level: number): BatteryTone {
  if (level > 50) return 'green';
  if (level > 20) return 'yellow';
  return 'red';
}

/** The level clamped to 0–100 (the bar's width and aria-valuenow). */
export function clampPercent(level: number): number {
  if (!Number.isFinite(level)) return 0;
  return Math.min(100, Math.max(0, Math.round(level)));
}

export function batteryToneLabel(tone: BatteryTone): string {
  if (tone === 'green') return 'good';
  if (tone === 'yellow') return 'medium';
  return 'low';
}
