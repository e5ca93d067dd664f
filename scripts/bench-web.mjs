// `npm run bench:web`: builds the app, serves the build with the real server (temp PGlite, DEMO off),
// runs Lighthouse (system Chromium) on the landing, a product and a support page, mobile and desktop,
// median of 3 runs each, measures each page's first-load JS and CSS (gzip) from its prerendered HTML,
// and writes the '## Web (Lighthouse)' section of docs/benchmarks.md.
//
// Options: --skip-build (reuse the current build), --runs N (default 3).
// Env: CHROME_PATH (default /usr/bin/chromium).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const ROOT = resolve(import.meta.dirname, '..');
const CLIENT_DIR = join(ROOT, 'apps/web/build/client');
const BENCH_FILE = join(ROOT, 'docs/benchmarks.md');
const SECTION = '## Web (Lighthouse)';
const PAGES = ['/', '/products/isaac-purifier', '/support/help-center'];
const PRESETS = ['mobile', 'desktop'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGETS = { mobilePerformance: 95, otherCategories: 95, landingJsKb: 120 };
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const args = process.argv.slice(2);
const skipBuild = args.includes('--skip-build');
const runsIndex = args.indexOf('--runs');
const RUNS = runsIndex >= 0 ? Math.max(1, Number(args[runsIndex + 1]) || 3) : 3;

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The JS and CSS a first visit to `path` loads, from its prerendered HTML, gzip-compressed (level 9). */
function firstLoadSizes(path) {
  const htmlFile = path === '/' ? join(CLIENT_DIR, 'index.html') : join(CLIENT_DIR, path, 'index.html');
  const html = readFileSync(htmlFile, 'utf8');
  const js = new Set();
  const css = new Set();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!url || !url.startsWith('/')) continue;
    if (/\brel="stylesheet"/.test(tag) || url.endsWith('.css')) css.add(url);
    else if (url.endsWith('.js') && (/^<script/.test(tag) || /\brel="modulepreload"/.test(tag))) js.add(url);
  }
  // Inline module scripts import route chunks directly: `import * as route0 from "/assets/x.js"`.
  for (const [, url] of html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/assets\/[^"']+\.js)["']/g))
    js.add(url);
  // Runtime config script, served by the web server (not part of the build).
  js.delete('/config.js');
  const gzipSize = (url) => gzipSync(readFileSync(join(CLIENT_DIR, url)), { level: 9 }).length;
  const sum = (urls) => [...urls].reduce((total, url) => total + gzipSize(url), 0);
  return {
    js: sum(js),
    css: sum(css),
    jsFiles: js.size,
    cssFiles: css.size,
    htmlGzip: gzipSync(html, { level: 9 }).length,
  };
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

async function runLighthouse(url, preset, port) {
  const flags = { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError)
    throw new Error(`Lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  );
  const metrics = {
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    fcp: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
  };
  const failing = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
    .filter((audit) => audit.scoreDisplayMode !== 'notApplicable' && audit.scoreDisplayMode !== 'manual')
    .map((audit) => audit.id);
  return { scores, metrics, failing };
}

function renderSection(rows, sizes, meta) {
  const lines = [
    SECTION,
    '',
    `Measured ${meta.date} on ${meta.machine}; Node ${process.version}; Lighthouse ${meta.lighthouseVersion}` +
      ` with Chromium (${meta.chromePath}); median of ${RUNS} run${RUNS > 1 ? 's' : ''} per page and preset.`,
    `Mobile uses Lighthouse's default (Moto G Power emulation, simulated slow 4G and 4x CPU slowdown);`,
    `desktop uses its desktop preset. Served by \`node apps/server/dist/server.js\` (built app, brotli/gzip).`,
    '',
    '| Page | Preset | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    const s = row.scores;
    const m = row.metrics;
    lines.push(
      `| \`${row.page}\` | ${row.preset} | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${s.seo} | ` +
        `${(m.fcp / 1000).toFixed(2)} s | ${(m.lcp / 1000).toFixed(2)} s | ${Math.round(m.tbt)} ms | ${m.cls.toFixed(3)} |`,
    );
  }
  lines.push(
    '',
    'First load of each page (what its prerendered HTML references; gzip level 9). The web server requests',
    'this JavaScript only after the first paint (ADR 011); the sizes are what a first visit downloads:',
    '',
    '| Page | JS (gzip) | JS files | CSS (gzip) | CSS files | HTML (gzip) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const [page, size] of Object.entries(sizes)) {
    lines.push(
      `| \`${page}\` | ${kb(size.js)} KB | ${size.jsFiles} | ${kb(size.css)} KB | ${size.cssFiles} | ${kb(size.htmlGzip)} KB |`,
    );
  }
  lines.push(
    '',
    `Targets: mobile performance ≥ ${TARGETS.mobilePerformance}; accessibility, best practices and SEO ≥ ` +
      `${TARGETS.otherCategories}; landing first-load JS ≤ ${TARGETS.landingJsKb} KB gzip.`,
    '',
    ...meta.verdicts.map((verdict) => `- ${verdict}`),
    '',
    'Scores on a shared 2-core machine vary by a few points from run to run; compare medians, not single runs.',
    '',
  );
  return lines.join('\n');
}

function writeSection(section) {
  let text = existsSync(BENCH_FILE) ? readFileSync(BENCH_FILE, 'utf8') : '# Benchmarks\n';
  const start = text.indexOf(`${SECTION}\n`);
  if (start === -1) {
    text = `${text.replace(/\s*$/, '')}\n\n${section}`;
  } else {
    const next = text.indexOf('\n## ', start + SECTION.length);
    text = text.slice(0, start) + section + (next === -1 ? '' : `\n${text.slice(next + 1)}`);
  }
  writeFileSync(BENCH_FILE, text.replace(/\n{3,}/g, '\n\n').replace(/\s*$/, '\n'));
}

async function main() {
  if (!skipBuild) {
    console.log('== npm run build');
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  if (!existsSync(join(ROOT, 'apps/server/dist/server.js')))
    throw new Error('apps/server/dist/server.js is missing');

  const sizes = Object.fromEntries(PAGES.map((page) => [page, firstLoadSizes(page)]));
  const [webPort, apiPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(os.tmpdir(), 'isaac-bench-web-'));
  const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET: `bench-${Math.random().toString(36).slice(2)}-${'x'.repeat(32)}`,
      RAZORPAY_KEY_SECRET: 'bench-key-secret',
      RAZORPAY_WEBHOOK_SECRET: 'bench-webhook-secret',
      // Production requires an explicit provider; the benchmark shop uses the sandbox (ADR 016).
      PAYMENT_PROVIDER: 'sandbox',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      DEMO: 'false',
      HOST: '127.0.0.1',
      PORT: String(webPort),
      API_PORT: String(apiPort),
      PUBLIC_API_URL: `http://127.0.0.1:${apiPort}`,
      WEB_ORIGIN: `http://127.0.0.1:${webPort}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  const serverExit = new Promise((resolveExit) => server.once('exit', resolveExit));
  const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
  let chrome;
  try {
    const base = `http://127.0.0.1:${webPort}`;
    await Promise.race([
      waitFor(`${base}/`),
      serverExit.then((code) => {
        throw new Error(`server exited (${code}) before answering`);
      }),
    ]);
    await waitFor(`http://127.0.0.1:${apiPort}/readyz`);
    chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });

    const rows = [];
    for (const page of PAGES) {
      for (const preset of PRESETS) {
        const runs = [];
        for (let run = 1; run <= RUNS; run++) {
          const result = await runLighthouse(`${base}${page}`, preset, chrome.port);
          runs.push(result);
          console.log(
            `${page} ${preset} run ${run}: ${CATEGORIES.map((c) => `${c} ${result.scores[c]}`).join(', ')}`,
          );
        }
        const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))]));
        const metrics = Object.fromEntries(
          Object.keys(runs[0].metrics).map((k) => [k, median(runs.map((r) => r.metrics[k]))]),
        );
        const failing = [...new Set(runs.flatMap((r) => r.failing))];
        rows.push({ page, preset, scores, metrics, failing });
      }
    }

    const verdicts = [];
    for (const row of rows) {
      const misses = CATEGORIES.filter((c) => {
        if (c === 'performance') return row.preset === 'mobile' && row.scores[c] < TARGETS.mobilePerformance;
        return row.scores[c] < TARGETS.otherCategories;
      });
      if (misses.length > 0) {
        verdicts.push(
          `MISSED on \`${row.page}\` (${row.preset}): ${misses.map((c) => `${c} ${row.scores[c]}`).join(', ')}` +
            (row.failing.length ? `; audits below 0.9: ${row.failing.join(', ')}` : ''),
        );
      }
    }
    const landingJs = sizes['/'].js / 1024;
    verdicts.push(
      landingJs <= TARGETS.landingJsKb
        ? `Landing first-load JS ${kb(sizes['/'].js)} KB gzip: within the ${TARGETS.landingJsKb} KB budget.`
        : `MISSED: landing first-load JS ${kb(sizes['/'].js)} KB gzip exceeds ${TARGETS.landingJsKb} KB.`,
    );
    if (verdicts.length === 1 && !verdicts[0].startsWith('MISSED')) {
      verdicts.unshift('Every Lighthouse target met.');
    }

    const cpus = os.cpus();
    const meta = {
      date: new Date().toISOString().slice(0, 10),
      machine: `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, ${os.type()} ${os.release()}`,
      chromePath,
      lighthouseVersion: JSON.parse(readFileSync(join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8'))
        .version,
      verdicts,
    };
    const section = renderSection(rows, sizes, meta);
    writeSection(section);
    console.log(`\n${section}\nWritten to ${BENCH_FILE}`);
  } finally {
    await chrome?.kill();
    server.kill('SIGTERM');
    await Promise.race([serverExit, sleep(15_000)]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
