import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, isTimeZone, timeZoneChoices } from './time.ts';

describe('time zone choices', () => {
  it('lists Asia/Kolkata first and UTC next, then the runtime’s zones by their current IANA names', () => {
    const zones = timeZoneChoices();
    expect(zones.slice(0, 2)).toEqual([DEFAULT_TIME_ZONE, 'UTC']);
    expect(zones).toContain('Europe/London');
    expect(zones).toContain('Asia/Kathmandu');
    expect(zones).not.toContain('Asia/Calcutta');
    expect(new Set(zones).size).toBe(zones.length);
    const rest = zones.slice(2);
    expect(rest).toEqual([...rest].sort());
    expect(zones.every(isTimeZone)).toBe(true);
  });

  it('keeps a saved zone the list would not show', () => {
    expect(timeZoneChoices('Asia/Calcutta')[0]).toBe('Asia/Calcutta');
    expect(timeZoneChoices('Europe/London').filter((z) => z === 'Europe/London')).toHaveLength(1);
  });
});
