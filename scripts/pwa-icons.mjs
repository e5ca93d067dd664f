// Renders the PWA's PNG icons (apps/web/public/icons) from the favicon with the system Chromium
// (Playwright): 192 and 512 px "any" icons (the favicon's rounded square on transparency) and a 512 px
// maskable one (full-bleed background, the glyph inside the safe zone). Run after changing the favicon:
// `node scripts/pwa-icons.mjs`; the PNGs are committed.
import { readFileSync } from 'node:fs';
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
for (const [name, svg, size] of [
  ['icon-192.png', favicon, 192],
  ['icon-512.png', favicon, 512],
  ['maskable-512.png', maskable, 512],
]) {
  await page.setViewportSize({ width: size, height: size });
  const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
  await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
  await page.screenshot({ path: resolve(OUT, name), omitBackground: true });
  console.log(`${name} (${size}×${size})`);
}
await browser.close();
