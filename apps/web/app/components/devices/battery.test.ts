// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { batteryTone, batteryToneLabel, clampPercent } from './battery';

describe('batteryTone', () => {
  it.each([
    [100, 'green'],
    [51, 'green'],
    [50, 'yellow'],
    [21, 'yellow'],
    [20, 'red'],
    [0, 'red'],
  ] as const)('%i%% is %s', (level, tone) => {
    expect(batteryTone(level)).toBe(tone);
  });

  it('names each colour in words so colour is never the only signal', () => {
    expect(batteryToneLabel(batteryTone(80))).toBe('good');
    expect(batteryToneLabel(batteryTone(30))).toBe('medium');
    expect(batteryToneLabel(batteryTone(5))).toBe('low');
  });
});

describe('clampPercent', () => {
  it('keeps the value within 0–100 and rounds it', () => {
    expect(clampPercent(-4)).toBe(0);
    expect(clampPercent(142)).toBe(100);
    expect(clampPercent(42.6)).toBe(43);
    expect(clampPercent(Number.NaN)).toBe(0);
  });
});
