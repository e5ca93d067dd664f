import { describe, expect, it } from 'vitest';
import { FIRMWARE_MAX_BYTES } from './constants.ts';
import { firmwareUploadFieldsSchema } from './firmware.ts';
import { canonicalFirmwareVersion, firmwareExtension, firmwareSizeAllowed } from './firmware-rules.ts';
import { FIRMWARE_MSG } from './messages.ts';

describe('firmware rules', () => {
  it('allows .bin, .hex, .elf whatever their case, and nothing else', () => {
    expect(firmwareExtension('a.BIN')).toBe('.bin');
    expect(firmwareExtension('lumos.v2.Hex')).toBe('.hex');
    expect(firmwareExtension('x.elf')).toBe('.elf');
    for (const name of ['a.txt', 'bin', 'a.bin.zip', 'a.', '.binx'])
      expect(firmwareExtension(name), name).toBeUndefined();
  });

  it('the size limit is 16 MB inclusive', () => {
    expect(firmwareSizeAllowed(FIRMWARE_MAX_BYTES)).toBe(true);
    expect(firmwareSizeAllowed(FIRMWARE_MAX_BYTES + 1)).toBe(false);
  });

  it('versions are MAJOR.MINOR.PATCH with an optional v, stored without it', () => {
    expect(canonicalFirmwareVersion('v1.1.0')).toBe('1.1.0');
    expect(canonicalFirmwareVersion(' V10.0.12 ')).toBe('10.0.12');
    for (const bad of ['1.1', '1.1.0.0', '01.1.0', '1.1.0-rc.1', '1.1.0+b', 'vv1.1.0', '1234567890.0.0']) {
      expect(canonicalFirmwareVersion(bad), bad).toBeUndefined();
    }
  });

  it('upload fields: device type defaults to isaac, empty release notes become null', () => {
    expect(firmwareUploadFieldsSchema.parse({ version: 'v1.1.0' })).toEqual({
      version: '1.1.0',
      device_type: 'isaac',
      release_notes: null,
    });
    expect(
      firmwareUploadFieldsSchema.parse({ version: '2.0.0', device_type: 'lumos', release_notes: '  ' }),
    ).toEqual({
      version: '2.0.0',
      device_type: 'lumos',
      release_notes: null,
    });
  });

  it('the success toast names the file, the version and the size in KB', () => {
    expect(FIRMWARE_MSG.uploaded('isaac.bin', '1.1.0', 2048)).toBe(
      'Firmware isaac.bin (v1.1.0, 2.0 KB) uploaded successfully',
    );
  });
});
