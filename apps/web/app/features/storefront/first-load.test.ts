// @vitest-environment node
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The contract modules the storefront's first load reads (catalog prices, paths, constants such as the company's
 * address, the storefront's messages). Every z.object() call of a module a page touches is kept by the
 * bundler, and zod with it (a large share of the public pages' JS budget): these modules, and what
 * they import, must not import zod. A schema belongs in a module of its own area (storefront.ts, gst.ts).
 */
const contractDir = resolve(import.meta.dirname, '../../../../../packages/contract/src');
const FIRST_LOAD_MODULES = ['catalog.ts', 'constants.ts', 'messages.ts', 'paths.ts'];
/**
 * The same for the vocabulary the signed-in areas' pages and English catalogues read (ADR 083):
 * messages, labels and sort columns, apart from the schemas of their areas. e2e/hydration.spec.ts checks
 * pages' first loads in the browser.
 */
const SIGNED_IN_MODULES = [
  'admin-rules.ts',
  'air-quality-rules.ts',
  'audit-rules.ts',
  'automation-rules.ts',
  'electrician-rules.ts',
  'firmware-rules.ts',
  'fulfilment-rules.ts',
  'homes-rules.ts',
  'notification-rules.ts',
  'owner-rules.ts',
];

function importsOf(file: string): { zod: boolean; local: string[] } {
  const source = readFileSync(resolve(contractDir, file), 'utf8');
  const specifiers = [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]!);
  return {
    zod: specifiers.includes('zod'),
    local: specifiers.filter((s) => s.startsWith('./')).map((s) => s.slice(2)),
  };
}

describe('the first-load modules of the storefront and of the signed-in areas', () => {
  it.each([...FIRST_LOAD_MODULES, ...SIGNED_IN_MODULES])(
    '%s brings no zod, directly or through what it imports',
    (start) => {
      const seen = new Set<string>();
      const queue = [start];
      while (queue.length > 0) {
        const file = queue.shift()!;
        if (seen.has(file)) continue;
        seen.add(file);
        const { zod, local } = importsOf(file);
        expect(zod, `${file} (reached from ${start}) imports zod`).toBe(false);
        queue.push(...local);
      }
      expect(seen.size).toBeGreaterThan(0);
    },
  );
});
