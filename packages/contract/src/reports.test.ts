import { describe, expect, it } from 'vitest';
import { isCalendarDate, REPORT_MAX_DAYS, reportRangeDays } from './report-rules.ts';
import { reportQuerySchema } from './reports.ts';

describe('report dates', () => {
  it('accepts real calendar days as YYYY-MM-DD only', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-3-01')).toBe(false);
    expect(isCalendarDate('2024-03-01T00:00:00Z')).toBe(false);
  });

  it('counts the days of a range with both ends included', () => {
    expect(reportRangeDays('2024-03-01', '2024-03-01')).toBe(1);
    expect(reportRangeDays('2024-02-28', '2024-03-01')).toBe(3);
    expect(reportRangeDays('2024-03-02', '2024-03-01')).toBe(0);
  });

  it('defaults the bucket to day and bounds the range', () => {
    expect(reportQuerySchema.parse({ from: '2024-03-01', to: '2024-03-02' }).bucket).toBe('day');
    const to = new Date(Date.UTC(2022, 0, REPORT_MAX_DAYS)).toISOString().slice(0, 10);
    expect(reportQuerySchema.safeParse({ from: '2022-01-01', to }).success).toBe(true);
    const over = new Date(Date.UTC(2022, 0, REPORT_MAX_DAYS + 1)).toISOString().slice(0, 10);
    expect(reportQuerySchema.safeParse({ from: '2022-01-01', to: over }).success).toBe(false);
  });
});
