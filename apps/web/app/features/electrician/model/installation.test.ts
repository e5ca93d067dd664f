// @vitest-environment node
import type { ElectricianCustomer } from '@isaac/contract';
import { describe, expect, it } from 'vitest';
import {
  CHOOSABLE_PHASES,
  INSTALLATION_STATUS,
  PHASES,
  deviceProgress,
  formatDay,
  todaysCustomers,
} from './installation';

describe('installation presentation', () => {
  it('colours the statuses as the spec does, with words', () => {
    expect(INSTALLATION_STATUS.pending).toEqual({ label: 'Pending', tone: 'yellow' });
    expect(INSTALLATION_STATUS.in_progress.tone).toBe('blue');
    expect(INSTALLATION_STATUS.completed.tone).toBe('green');
  });

  it('maps phases to 25/50/75/100% and offers every phase but completed', () => {
    expect(Object.values(PHASES).map((p) => p.progress)).toEqual([25, 50, 75, 100]);
    expect(CHOOSABLE_PHASES).toEqual(['pre_installation', 'in_progress', 'post_installation']);
  });

  it("counts configured devices and finds today's customers", () => {
    expect(deviceProgress([{ status: 'configured' }, { status: 'pending' }]).text).toBe(
      '1 of 2 devices configured',
    );
    const customer = (day: string | null) => ({ installation_date: day }) as ElectricianCustomer;
    const today = new Date(2026, 10, 24, 15, 0);
    expect(
      todaysCustomers([customer('2026-11-24'), customer('2026-11-25'), customer(null)], today),
    ).toHaveLength(1);
    expect(formatDay(null)).toBe('Not scheduled');
    expect(formatDay('2026-12-01')).toMatch(/1 Dec 2026/);
  });
});
