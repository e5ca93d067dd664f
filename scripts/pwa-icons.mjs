// Renders the PWA's PNG icons (apps/web/public/icons) from the favicon with the system Chromium
// (Playwright): 192 and 512 px "any" icons (the favicon's rounded square on transparency) and a 512 px
// maskable one (full-bleed background, the glyph inside the safe zone); and apps/web/public/favicon.ico
// (16, 32 and 48 px), which browsers ask for where a page names no icon (a text file, an image) and
// older clients always. Run after changing the favicon: `node scripts/pwa-icons.mjs`; the files are
// committed.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = resolve(ROOT, 'apps/web/public/icons');
const favicon = readFileSync(resolve(ROOT, 'apps/web/public/favicon.svg'), 'utf8');
// The favicon's glyph on a full square, shrunk to the maskable safe zone (a circle of 80 % of the size).
const maskable = favicon
  .replace('viewBox="0 0 32 32"', 'viewBox="-6 -6 44 44"')
  .replace('<rect width="32" height="32" rx="8"', '<rect x="-6" y="-6" width="44" height="44"');

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium' });
const page = await browser.newPage();
/** The SVG drawn at `size` px on transparency, as a PNG. */
async function png(svg, size) {
  await page.setViewportSize({ width: size, height: size });
  const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
  await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
  return page.screenshot({ omitBackground: true });
}

for (const [name, svg, size] of [
  ['icon-192.png', favicon, 192],
  ['icon-512.png', favicon, 512],
  ['maskable-512.png', maskable, 512],
]) {
  writeFileSync(resolve(OUT, name), await png(svg, size));
  console.log(`${name} (${size}×${size})`);
}

/**
 * An ICO file of PNG images (every browser in use reads PNG entries): a 6-byte header, a 16-byte entry per
 * image (its size, 32 bits per pixel, its length and offset), then the PNGs.
 */
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0);
    entry.writeUInt8(size % 256, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(({ data }) => data)]);
}
const sizes = [16, 32, 48];
const images = [];
for (const size of sizes) images.push({ size, data: await png(favicon, size) });
writeFileSync(resolve(ROOT, 'apps/web/public/favicon.ico'), ico(images));
console.log(`favicon.ico (${sizes.join(', ')} px)`);
await browser.close();
