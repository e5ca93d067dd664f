import { describe, expect, it } from 'vitest';
import { filterDaysLeft, filterDaysPhrase } from './notification-rules.ts';

describe('filter days left', () => {
  const fittedAt = new Date('2026-11-01T00:00:00Z');
  it('applies the drop per day since the filter was fitted to what is left', () => {
    // 30 points in 20 days: 1.5 a day; 18 left → 12 days.
    expect(filterDaysLeft(18, { life: 48, at: fittedAt }, new Date('2026-11-21T00:00:00Z'))).toBe(12);
    expect(filterDaysLeft(0, { life: 100, at: fittedAt }, '2026-11-21T00:00:00Z')).toBe(0);
  });
  it('is unknown without a day and a point of use, or without a fitted mark', () => {
    expect(filterDaysLeft(47, { life: 48, at: fittedAt }, new Date('2026-11-01T12:00:00Z'))).toBeNull();
    expect(filterDaysLeft(48, { life: 48, at: fittedAt }, new Date('2026-11-21T00:00:00Z'))).toBeNull();
    expect(filterDaysLeft(40, { life: null, at: null }, new Date('2026-11-21T00:00:00Z'))).toBeNull();
    expect(filterDaysLeft(null, { life: 48, at: fittedAt }, new Date('2026-11-21T00:00:00Z'))).toBeNull();
  });
  it('reads as a phrase', () => {
    expect(filterDaysPhrase(12)).toBe('about 12 days left');
    expect(filterDaysPhrase(1)).toBe('about 1 day left');
    expect(filterDaysPhrase(0)).toBe('under a day left');
    expect(filterDaysPhrase(null)).toBeNull();
  });
});
