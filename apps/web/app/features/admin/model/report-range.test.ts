// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readReportRange, reportApiSearch, reportRangeSearch } from './report-range';

const today = new Date('2026-11-23T22:30:00Z');
const read = (query: string) => readReportRange(new URLSearchParams(query), today);

describe('report range in the URL', () => {
  it('defaults to the last 90 days (UTC, today included) by week', () => {
    expect(read('')).toEqual({ preset: '90', from: '2026-08-26', to: '2026-11-23', bucket: 'week' });
  });

  it('reads presets and a valid custom range', () => {
    expect(read('range=7&bucket=day')).toEqual({
      preset: '7',
      from: '2026-11-17',
      to: '2026-11-23',
      bucket: 'day',
    });
    expect(read('range=custom&from=2025-01-01&to=2025-03-31')).toMatchObject({
      preset: 'custom',
      from: '2025-01-01',
      to: '2025-03-31',
    });
  });

  it('falls back to the default for what the API would refuse', () => {
    for (const query of [
      'range=custom&from=2025-03-31&to=2025-01-01',
      'range=custom&from=2020-01-01&to=2025-01-01',
      'range=custom&from=2025-02-30&to=2025-03-01',
      'range=365',
    ]) {
      expect(read(query).preset, query).toBe('90');
    }
    expect(read('bucket=month').bucket).toBe('week');
  });

  it('writes presets without dates and custom ranges with them', () => {
    expect(reportRangeSearch({ preset: '30', from: 'x', to: 'y', bucket: 'day' })).toBe(
      'range=30&bucket=day',
    );
    expect(
      reportRangeSearch({ preset: 'custom', from: '2025-01-01', to: '2025-01-31', bucket: 'week' }),
    ).toBe('range=custom&from=2025-01-01&to=2025-01-31&bucket=week');
    expect(reportApiSearch({ from: '2025-01-01', to: '2025-01-31', bucket: 'week' })).toBe(
      'from=2025-01-01&to=2025-01-31&bucket=week',
    );
  });
});
