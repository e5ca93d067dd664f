// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatIndianDate, parseIndianDate } from './format';

describe('formatDateTime', () => {
  it('formats missing and bad dates in words', () => {
    expect(formatDateTime(null)).toBe('Never');
    expect(formatDateTime('not a date')).toBe('Unknown');
    expect(formatDateTime('2026-03-01T10:30:00.000Z')).toMatch(/2026/);
  });
});

describe('Indian dates in date fields (issue 30)', () => {
  it('reads dd/mm/yyyy (and a pasted ISO date), refusing dates that do not exist', () => {
    expect(parseIndianDate('05/12/2026')).toBe('2026-12-05');
    expect(parseIndianDate('5-1-2027')).toBe('2027-01-05');
    expect(parseIndianDate('2026-12-05')).toBe('2026-12-05');
    expect(parseIndianDate('31/02/2026')).toBeNull();
    expect(parseIndianDate('12/31/2026')).toBeNull();
    expect(parseIndianDate('05/12')).toBeNull();
  });

  it('shows an ISO date as dd/mm/yyyy', () => {
    expect(formatIndianDate('2026-12-05')).toBe('05/12/2026');
    expect(formatIndianDate('')).toBe('');
  });
});
