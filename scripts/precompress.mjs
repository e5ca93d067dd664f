// Build step (apps/web `npm run build`): beside each text file of the web build, a brotli copy at its best
// quality (`.br`) and a gzip copy at level 9 (`.gz`). The web server sends these as they are
// (`@fastify/static`'s preCompressed): every visitor gets the smallest encoding there is, and no request
// pays for compressing a file that never changes.
//
//   node scripts/precompress.mjs <folder>
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files a browser fetches as they are from disk (pages are answered from memory, already compressed there). */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|webmanifest|txt|xml)$/i;
/** Below this a compressed copy saves less than its headers cost (the server's own threshold for compressing). */
const MIN_BYTES = 1024;
/** Files compressed at once (zlib works on libuv's thread pool). */
const AT_ONCE = 4;

async function filesUnder(folder) {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Writes `file.br` and `file.gz` when each is smaller than the file; the bytes saved. */
export async function precompress(file) {
  const bytes = await readFile(file);
  // A copy left by an earlier build in this folder must not outlive the file it was made from.
  const drop = (copy) => rm(copy, { force: true });
  if (bytes.length < MIN_BYTES) {
    await Promise.all([drop(`${file}.br`), drop(`${file}.gz`)]);
    return { file, size: bytes.length, br: null, gz: null };
  }
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  await (br.length < bytes.length ? writeFile(`${file}.br`, br) : drop(`${file}.br`));
  await (gz.length < bytes.length ? writeFile(`${file}.gz`, gz) : drop(`${file}.gz`));
  return { file, size: bytes.length, br: br.length, gz: gz.length };
}

export async function precompressFolder(folder) {
  const files = await filesUnder(folder);
  const results = [];
  let next = 0;
  const lane = async () => {
    while (next < files.length) results.push(await precompress(files[next++]));
  };
  await Promise.all(Array.from({ length: AT_ONCE }, lane));
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const folder = process.argv[2];
  if (!folder) {
    console.error('usage: node scripts/precompress.mjs <folder>');
    process.exit(2);
  }
  const results = await precompressFolder(folder);
  const done = results.filter((r) => r.br !== null);
  const kb = (n) => (n / 1024).toFixed(1);
  const size = done.reduce((sum, r) => sum + r.size, 0);
  const br = done.reduce((sum, r) => sum + r.br, 0);
  const gz = done.reduce((sum, r) => sum + r.gz, 0);
  console.log(
    `precompress: ${done.length} files in ${folder}, ${kb(size)} KB → brotli ${kb(br)} KB, gzip ${kb(gz)} KB`,
  );
}
