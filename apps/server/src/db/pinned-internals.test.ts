import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The fast-read pieces that lean on a library's internals were measured and kept (ADR 064); each is pinned
 * to the library version it was checked against. An upgrade fails here first, naming the file to re-check
 * (and its behavioural tests) before the version below is moved.
 */
const PINNED = [
  {
    name: '@electric-sql/pglite',
    version: '0.5.16',
    recheck:
      'apps/server/src/db/prepared-pglite.ts (it overrides PGlite.query through _runExclusiveQuery, execProtocol, ' +
      'parsers/serializers and the protocol exports; db/client.test.ts compares its answers with PGlite’s)',
  },
  {
    name: 'drizzle-orm',
    version: '0.45.4',
    recheck:
      'apps/server/src/db/reusable.ts (it runs a prepared query on a transaction’s client through the prepared ' +
      'query’s and the session’s `client`; db/reusable.test.ts runs it inside transactions)',
  },
];

/** The installed version of a package: its package.json, found from where it resolves. */
function installedVersion(name: string): string {
  let dir = dirname(fileURLToPath(import.meta.resolve(name)));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version: string };
      if (pkg.name === name) return pkg.version;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json of ${name}`);
    dir = parent;
  }
}

describe('library versions the fast-read pieces rely on', () => {
  for (const { name, version, recheck } of PINNED) {
    it(`${name} is ${version}`, () => {
      const installed = installedVersion(name);
      expect(
        installed,
        `${name} is now ${installed}, not ${version}: re-check ${recheck}, then move the version in ` +
          'apps/server/src/db/pinned-internals.test.ts',
      ).toBe(version);
    });
  }
});
