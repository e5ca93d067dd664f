import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { presentableUserColumns } from './presenter.ts';

describe('presentableUserColumns', () => {
  it('selects every users column but the password hash', () => {
    const all = Object.keys(getTableColumns(users));
    expect(all).toContain('passwordHash');
    expect(Object.keys(presentableUserColumns).sort()).toEqual(
      all.filter((c) => c !== 'passwordHash').sort(),
    );
  });
});
