// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { latestIndex } from './uplot';

describe('latestIndex (the point a legend shows with no cursor)', () => {
  it('is the last x that has a value in any series', () => {
    expect(
      latestIndex([
        [1, 2, 3, 4],
        [5, 6, null, null],
        [null, 1, 2, null],
      ]),
    ).toBe(2);
    expect(
      latestIndex([
        [1, 2, 3],
        [1, 2, 3],
      ]),
    ).toBe(2);
  });

  it('falls back to the last x when no series has a value, and is null without points', () => {
    expect(
      latestIndex([
        [1, 2],
        [null, null],
      ]),
    ).toBe(1);
    expect(latestIndex([[]])).toBeNull();
  });
});
