import { describe, expect, it } from 'vitest';
import { isRetryableConflict, isUniqueViolation, retryOnConflict } from './errors.ts';

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });
/** As Drizzle raises it: its own error with the driver's as `cause`. */
const wrapped = (code: string) => new Error('Failed query', { cause: pgError(code) });

describe('PostgreSQL errors', () => {
  it('reads the SQLSTATE directly or through Drizzle’s cause', () => {
    expect(isUniqueViolation(pgError('23505'))).toBe(true);
    expect(isUniqueViolation(wrapped('23505'))).toBe(true);
    expect(isUniqueViolation(wrapped('40P01'))).toBe(false);
    expect(isRetryableConflict(wrapped('40P01'))).toBe(true);
    expect(isRetryableConflict(pgError('40001'))).toBe(true);
    expect(isRetryableConflict(new Error('ECONNRESET'))).toBe(false);
  });

  it('runs the work again after a deadlock, and only then', async () => {
    let calls = 0;
    const flaky = () => (++calls < 3 ? Promise.reject(wrapped('40P01')) : Promise.resolve('done'));
    await expect(retryOnConflict(flaky)).resolves.toBe('done');
    expect(calls).toBe(3);

    calls = 0;
    const broken = () => (++calls, Promise.reject(wrapped('23505')));
    await expect(retryOnConflict(broken)).rejects.toThrow('Failed query');
    expect(calls).toBe(1);

    calls = 0;
    const stuck = () => (++calls, Promise.reject(pgError('40001')));
    await expect(retryOnConflict(stuck, 3)).rejects.toThrow('pg 40001');
    expect(calls).toBe(3);
  });
});
