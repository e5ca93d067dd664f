// bench:web's rows for issue 34 (the field app): /owner/dashboard's JavaScript in Hindi against English, and a
// repeat visit served by the service worker. scripts/bench-web.mjs runs them and passes its helpers in.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The build's scripts (/assets/*.js) a signed-in page loads in a browser reading `languages` first (the app
 * follows navigator.languages when the account has not chosen): English, or Hindi with its catalogue chunks.
 */
async function scriptsIn(browser, url, languages, { clientDir, signInOwner }) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  try {
    await page.evaluateOnNewDocument((langs) => {
      Object.defineProperty(navigator, 'languages', { get: () => langs });
      Object.defineProperty(navigator, 'language', { get: () => langs[0] });
    }, languages);
    const urls = new Set();
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (
        pathname.startsWith('/assets/') &&
        pathname.endsWith('.js') &&
        existsSync(join(clientDir, pathname))
      )
        urls.add(pathname);
    });
    // Signed in as the demo owner in this context (its own storage), then the page itself.
    await signInOwner(context, new URL(url).origin, page);
    urls.clear();
    await page.goto(url, { waitUntil: 'networkidle0' });
    return urls;
  } finally {
    await context.close();
  }
}

/** Waits until the page's service worker is active (the app shell precached: ADR 070). */
async function serviceWorkerReady(browser, url) {
  const page = await browser.newPage();
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  } finally {
    await page.close();
  }
}

/**
 * Issue 34's rows for `/owner/dashboard`: its JavaScript in Hindi against English (the catalogue chunks a Hindi
 * reader loads on top), and a repeat visit served by the service worker — a first visit registers it and
 * precaches the app, then each measured run keeps storage (the session, the worker, its caches).
 */
export async function fieldAppRows(browser, base, chromePort, helpers) {
  const { runs: RUNS, presets: PRESETS, clearCache, runLighthouse, sumGzip, median, kb } = helpers;
  const url = `${base}/owner/dashboard`;
  const english = await scriptsIn(browser, url, ['en-IN', 'en'], helpers);
  const hindi = await scriptsIn(browser, url, ['hi-IN', 'hi'], helpers);
  const languages = {
    english: sumGzip(english),
    hindi: sumGzip(hindi),
    extraFiles: [...hindi].filter((u) => !english.has(u)).length,
  };
  console.log(
    `/owner/dashboard JS: English ${kb(languages.english)} KB, Hindi ${kb(languages.hindi)} KB gzip`,
  );
  // The browser is signed in already (the dashboard's first-visit runs kept its storage).
  const repeat = [];
  for (const preset of PRESETS) {
    await clearCache(browser, base);
    await runLighthouse(url, preset, chromePort, { keepStorage: true });
    await serviceWorkerReady(browser, url);
    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      runs.push(await runLighthouse(url, preset, chromePort, { keepStorage: true }));
      console.log(
        `/owner/dashboard repeat visit ${preset} run ${run}: LCP ${Math.round(runs.at(-1).metrics.lcp)} ms`,
      );
    }
    repeat.push({
      preset,
      performance: median(runs.map((r) => r.scores.performance)),
      fcp: median(runs.map((r) => r.metrics.fcp)),
      lcp: median(runs.map((r) => r.metrics.lcp)),
    });
  }
  return { languages, repeat };
}

/** The issue-34 paragraph: Hindi against English, and the repeat visit from the service worker. */
export function fieldAppLines(field, { runs: RUNS, kb, seconds }) {
  const { english, hindi, extraFiles } = field.languages;
  const over = (((hindi - english) / english) * 100).toFixed(1);
  return [
    '',
    `\`/owner/dashboard\` in Hindi (the browser reading Hindi first): ${kb(hindi)} KB of JavaScript (gzip) against ` +
      `${kb(english)} KB in English, **+${over} %** (${extraFiles} catalogue chunks fetched once Hindi is chosen).`,
    '',
    'Repeat visit (the service worker registered and the app precached by a first visit; session, worker and',
    `caches kept; median of ${RUNS}):`,
    '',
    '| Page | Preset | Performance | FCP | LCP |',
    '| --- | --- | ---: | ---: | ---: |',
    ...field.repeat.map(
      (r) =>
        `| \`/owner/dashboard\` (repeat) | ${r.preset} | ${r.performance} | ${seconds(r.fcp)} | ${seconds(r.lcp)} |`,
    ),
  ];
}
