// Rules of the repository's shape (issue 31), checked on the files as they are:
// - no source file in apps/, packages/, scripts/ or e2e/ is over MAX_LINES lines, generated code (migrations,
//   React Router's types, builds) and the demo's seed data aside;
// - the server's test fakes live in apps/server/src/test/, not beside the production code they stand in for.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
export const MAX_LINES = 600;
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|css)$/;
/** Folders never read: dependencies, builds, test output, and generated code. */
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  'dist',
  'build',
  '.react-router',
  'test-results',
  'playwright-report',
]);
/** Generated or data, whatever their length: the migrations drizzle-kit writes, the demo's seed data. */
const EXEMPT = [/^apps\/server\/drizzle\//, /^apps\/server\/src\/demo\/data\.ts$/];
/**
 * Files still over the limit that another change is splitting (issue 31). Each entry must still be over it:
 * delete an entry once its file is split (the check fails while a listed file is short enough, so the
 * list cannot rot).
 */
export const BEING_SPLIT = new Set([]);

/** Every file below `dir` (paths relative to the repository), skipped folders left out. */
function filesBelow(dir) {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : filesBelow(path);
    return entry.isFile() ? [path] : [];
  });
}

const lineCount = (path) => readFileSync(join(ROOT, path), 'utf8').replace(/\n$/, '').split('\n').length;

/** The files of `paths` over `max` lines that are neither exempt nor listed: `path (n lines)`. */
export function oversized(
  paths,
  countLines,
  { max = MAX_LINES, exempt = EXEMPT, listed = BEING_SPLIT } = {},
) {
  return paths
    .filter((path) => SOURCE.test(path) && !exempt.some((pattern) => pattern.test(path)) && !listed.has(path))
    .map((path) => [path, countLines(path)])
    .filter(([, lines]) => lines > max)
    .map(([path, lines]) => `${path} (${lines} lines)`);
}

/** A server test fake (`test-*.ts`) outside apps/server/src/test/. */
export const misplacedFakes = (paths) =>
  paths.filter(
    (path) =>
      /^apps\/server\/src\/(?!test\/).*\/test-[^/]*\.ts$/.test(path) ||
      /^apps\/server\/src\/test-[^/]*\.ts$/.test(path),
  );

const files = ['apps', 'packages', 'scripts', 'e2e'].flatMap(filesBelow);

describe(`files of at most ${MAX_LINES} lines`, () => {
  it('reads the source files of apps/, packages/, scripts/ and e2e/', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files).toContain('apps/server/src/app.ts');
    expect(files.some((path) => path.includes('node_modules'))).toBe(false);
  });

  it('no source file is longer (generated code and seed data aside)', () => {
    expect(oversized(files, lineCount)).toEqual([]);
  });

  it('every file listed as being split still exists and is still too long (else delete its entry)', () => {
    const stale = [...BEING_SPLIT].filter((path) => !files.includes(path) || lineCount(path) <= MAX_LINES);
    expect(stale).toEqual([]);
  });

  it('finds a long file, and leaves exempt and listed ones alone (the check itself)', () => {
    const lines = {
      'apps/a.ts': 601,
      'apps/b.ts': 600,
      'apps/server/drizzle/0001.ts': 5000,
      'scripts/x.mjs': 900,
    };
    const found = oversized(Object.keys(lines), (path) => lines[path], {
      listed: new Set(['scripts/x.mjs']),
    });
    expect(found).toEqual(['apps/a.ts (601 lines)']);
  });
});

describe('test fakes', () => {
  it('live in apps/server/src/test/, not beside the production code', () => {
    expect(misplacedFakes(files)).toEqual([]);
    expect(
      misplacedFakes(['apps/server/src/modules/orders/test-orders.ts', 'apps/server/src/test/orders.ts']),
    ).toEqual(['apps/server/src/modules/orders/test-orders.ts']);
  });
});
