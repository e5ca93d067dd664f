import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressFolder } from './precompress.mjs';

const dir = mkdtempSync(join(tmpdir(), 'isaac-precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('precompress', () => {
  it('writes a brotli and a gzip copy of each text file of 1 KB or more, in subfolders too', async () => {
    mkdirSync(join(dir, 'assets'));
    const script = `export const text = ${JSON.stringify('purifier '.repeat(400))};`;
    writeFileSync(join(dir, 'assets', 'page-abc.js'), script);
    writeFileSync(join(dir, 'assets', 'tiny-abc.js'), 'export const a = 1;');
    writeFileSync(join(dir, 'sitemap.xml'), `<urlset>${'<url/>'.repeat(300)}</urlset>`);
    writeFileSync(join(dir, 'photo.jpg'), Buffer.alloc(4096, 7));
    // An earlier build's copy of a file that is now too small to gain: removed, never sent for it.
    writeFileSync(join(dir, 'assets', 'tiny-abc.js.br'), 'stale');

    const results = await precompressFolder(dir);

    const copy = (file) => readFileSync(join(dir, file));
    expect(brotliDecompressSync(copy('assets/page-abc.js.br')).toString()).toBe(script);
    expect(gunzipSync(copy('assets/page-abc.js.gz')).toString()).toBe(script);
    expect(copy('assets/page-abc.js.br').length).toBeLessThan(script.length / 10);
    expect(existsSync(join(dir, 'sitemap.xml.br'))).toBe(true);
    // Too small to gain, or not text (already compressed images): no copies.
    expect(existsSync(join(dir, 'assets', 'tiny-abc.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'photo.jpg.br'))).toBe(false);
    expect(results.map((r) => r.file).sort()).toEqual(
      [
        join(dir, 'assets', 'page-abc.js'),
        join(dir, 'assets', 'tiny-abc.js'),
        join(dir, 'sitemap.xml'),
      ].sort(),
    );
  });
});
