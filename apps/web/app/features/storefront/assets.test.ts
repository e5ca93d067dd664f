// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCESSORIES, CATALOG_PRODUCTS, FILTERS } from '@isaac/contract';
import { DEFAULT_OG_IMAGE } from './seo';

const publicDir = resolve(import.meta.dirname, '../../../public');

describe('public images', () => {
  it('has a picture for every catalog item (JSON-LD and Open Graph point to them)', () => {
    for (const item of [...CATALOG_PRODUCTS, ...ACCESSORIES, ...FILTERS]) {
      const file = `${publicDir}${item.image}`;
      expect(existsSync(file), item.image).toBe(true);
      const svg = readFileSync(file, 'utf8');
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), item.image).toBe(true);
      expect(svg).toContain('width="240" height="180"');
    }
  });

  it('has the default Open Graph image', () => {
    expect(existsSync(`${publicDir}${DEFAULT_OG_IMAGE}`)).toBe(true);
  });
});
