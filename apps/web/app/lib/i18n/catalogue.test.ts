// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './catalogue';

const english = import.meta.glob<{ default: object }>('./en/*.ts', { eager: true });
const hindi = import.meta.glob<{ default: object }>('./hi/*.ts', { eager: true });

/** Every text of a catalogue by its dotted key (plural forms keep their suffix: 'devices_one'). */
function texts(node: object, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(node)) {
    if (typeof value === 'string') into.set(`${prefix}${key}`, value);
    else texts(value as object, `${prefix}${key}.`, into);
  }
  return into;
}
/** Values a text is given beyond those its English uses (English inflects the noun itself: 'User pages'). */
const ALSO_GIVEN: Record<string, string[]> = { 'common:list.pages': ['noun'] };
const placeholders = (text: string) => new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]));

describe.each(NAMESPACES)('the %s catalogues (ADR 073)', (namespace) => {
  const en = texts(english[`./en/${namespace}.ts`]!.default);
  const hi = texts(hindi[`./hi/${namespace}.ts`]!.default);

  it('Hindi has exactly the English keys, plural forms included', () => {
    expect([...hi.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('every plural has the forms each language needs (Intl.PluralRules)', () => {
    for (const [texts_, locale] of [
      [en, 'en-IN'],
      [hi, 'hi-IN'],
    ] as const) {
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const bases = new Set(
        [...texts_.keys()]
          .filter((k) => /_(zero|one|two|few|many|other)$/.test(k))
          .map((k) => k.replace(/_[a-z]+$/, '')),
      );
      for (const base of bases) {
        for (const category of categories)
          expect(texts_.has(`${base}_${category}`), `${locale} ${base}_${category}`).toBe(true);
      }
    }
  });

  it('a Hindi text uses only the values its English is given, and is not left empty or in English', () => {
    for (const [key, english_] of en) {
      const translated = hi.get(key) ?? '';
      expect(translated.trim(), key).not.toBe('');
      const given = [...placeholders(english_), ...(ALSO_GIVEN[`${namespace}:${key}`] ?? [])];
      for (const name of placeholders(translated)) expect(given, `${key}: {{${name}}}`).toContain(name);
      // Left as the English only when nothing in it is an English word (names, units, numbers, values).
      if (translated === english_) {
        expect(translated.replace(/\{\{\w+\}\}/g, ''), `${key} is still English`).not.toMatch(
          /\b[a-z]{3,}\b/,
        );
      }
    }
  });
});

it('every namespace has an English and a Hindi catalogue', () => {
  expect(Object.keys(english).sort()).toEqual(NAMESPACES.map((n) => `./en/${n}.ts`).sort());
  expect(Object.keys(hindi).sort()).toEqual(NAMESPACES.map((n) => `./hi/${n}.ts`).sort());
});
