// @vitest-environment node
import { FIRMWARE_MAX_BYTES, FIRMWARE_MSG } from '@isaac/contract';
import { describe, expect, it } from 'vitest';
import { firmwareFileError, formatBytes, shortSha, uploadPercent } from './firmware';

describe('firmware file checks (browser, before upload)', () => {
  it('refuses other extensions with the spec message, whatever the case of allowed ones', () => {
    expect(firmwareFileError({ name: 'notes.txt', size: 10 })).toBe(FIRMWARE_MSG.invalidType);
    expect(firmwareFileError({ name: 'image', size: 10 })).toBe(FIRMWARE_MSG.invalidType);
    expect(firmwareFileError({ name: 'IMAGE.BIN', size: 10 })).toBeUndefined();
    expect(firmwareFileError({ name: 'a.Hex', size: 10 })).toBeUndefined();
    expect(firmwareFileError({ name: 'a.elf', size: 10 })).toBeUndefined();
  });

  it('refuses more than 16 MB with the spec message', () => {
    expect(firmwareFileError({ name: 'a.bin', size: FIRMWARE_MAX_BYTES })).toBeUndefined();
    expect(firmwareFileError({ name: 'a.bin', size: FIRMWARE_MAX_BYTES + 1 })).toBe(FIRMWARE_MSG.tooLarge);
  });
});

describe('firmware formatting', () => {
  it('sizes, short hashes and progress', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
    expect(shortSha('a'.repeat(64))).toBe('aaaaaaaaaaaa');
    expect(uploadPercent(50, 200)).toBe(25);
    expect(uploadPercent(5, 0)).toBeUndefined();
    expect(uploadPercent(300, 200)).toBe(100);
  });
});
