import { describe, expect, it } from 'vitest';
import { NAME_MSG, personName } from './common.ts';

describe('personName (issue 29)', () => {
  const schema = personName('Name is required', 20);

  it('refuses every C0 and C1 control character and DEL, anywhere (before trimming)', () => {
    const controls = [
      ...Array.from({ length: 0x20 }, (_, i) => i),
      0x7f,
      ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i),
    ];
    for (const code of controls) {
      for (const value of [`A${String.fromCharCode(code)}B`, `AB${String.fromCharCode(code)}`]) {
        const result = schema.safeParse(value);
        expect(result.success, `U+${code.toString(16)}`).toBe(false);
        expect(result.error?.issues[0]?.message).toBe(NAME_MSG.controlCharacters);
      }
    }
  });

  it('accepts names in any script, trims spaces, and keeps the length and blank rules', () => {
    expect(schema.parse('  Zoë Ñúñez ')).toBe('Zoë Ñúñez');
    expect(schema.parse('अनन्या')).toBe('अनन्या');
    expect(schema.safeParse('   ').error?.issues[0]?.message).toBe('Name is required');
    expect(schema.safeParse('x'.repeat(21)).success).toBe(false);
  });
});
