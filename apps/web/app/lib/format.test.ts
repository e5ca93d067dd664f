import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';

describe('formatDateTime', () => {
  it('formats missing and bad dates in words', () => {
    expect(formatDateTime(null)).toBe('Never');
    expect(formatDateTime('not a date')).toBe('Unknown');
    expect(formatDateTime('2026-03-01T10:30:00.000Z')).toMatch(/2026/);
  });
});
