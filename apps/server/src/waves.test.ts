import { describe, expect, it } from 'vitest';
import { Waves } from './waves.ts';

describe('Waves', () => {
  it('starts the first item at once and gathers those that arrive meanwhile into the next wave', async () => {
    const waves: number[][] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const w = new Waves<number, number>(async (items) => {
      waves.push(items);
      if (waves.length === 1) await held;
      return items.map((n) => n * 10);
    });
    const first = w.add(1);
    const later = [w.add(2), w.add(3), w.add(4)];
    release();
    expect(await Promise.all([first, ...later])).toEqual([10, 20, 30, 40]);
    expect(waves).toEqual([[1], [2, 3, 4]]);
    // Idle again: the next item is a wave of its own at once.
    expect(await w.add(5)).toBe(50);
    expect(waves.at(-1)).toEqual([5]);
  });

  it("a wave's failure rejects its own items only; the next wave runs", async () => {
    let calls = 0;
    const w = new Waves<string, string>(async (items) => {
      calls += 1;
      if (items.includes('bad')) throw new Error('wave failed');
      return items.map((s) => s.toUpperCase());
    });
    const bad = w.add('bad');
    const good = w.add('good');
    await expect(bad).rejects.toThrow('wave failed');
    expect(await good).toBe('GOOD');
    expect(calls).toBe(2);
  });
});
