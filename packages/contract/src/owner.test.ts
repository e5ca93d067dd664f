import { describe, expect, it } from 'vitest';
import { compareVersions, createDeviceSchema, gangCountForModel, roomInputSchema } from './owner.ts';

describe('gangCountForModel', () => {
  it('reads the gang count of Lumos models', () => {
    expect(gangCountForModel('lumos', 'Lumos 3-Gang')).toBe(3);
    expect(gangCountForModel('lumos', 'LUMOS 4 gang touch')).toBe(4);
    expect(gangCountForModel('lumos', 'Lumos Classic')).toBe(1);
  });
  it('gives other types no gangs', () => {
    expect(gangCountForModel('isaac', 'Isaac 2-Gang')).toBe(0);
  });
});

describe('compareVersions', () => {
  it('compares numerically, ignoring a v prefix', () => {
    expect(compareVersions('v1.2.10', '1.2.9')).toBe(1);
    expect(compareVersions('1.0.0', '1.0.0')).toBe(0);
    expect(compareVersions('1.9.0', '2.0.0')).toBe(-1);
  });
});

describe('owner input schemas', () => {
  it('defaults the device type to isaac and requires the fields', () => {
    expect(createDeviceSchema.parse({ name: 'a', model: 'b', serial_number: 'c' }).type).toBe('isaac');
    expect(createDeviceSchema.safeParse({ name: ' ', model: 'b', serial_number: 'c' }).success).toBe(false);
  });
  it('defaults the room type to bedroom and rejects unknown types', () => {
    expect(roomInputSchema.parse({ name: 'Den' }).type).toBe('bedroom');
    expect(roomInputSchema.safeParse({ name: 'Den', type: 'attic' }).success).toBe(false);
  });
});
