// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { deviceCountLabel } from './labels';

describe('labels', () => {
  it('counts devices in words', () => {
    expect(deviceCountLabel(0)).toBe('No devices');
    expect(deviceCountLabel(1)).toBe('1 device');
    expect(deviceCountLabel(4)).toBe('4 devices');
  });
});
