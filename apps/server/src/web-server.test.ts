import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@isaac/contract';
import { loadConfig } from './config.ts';
import { JSDOM } from 'jsdom';
import pino from 'pino';
import {
  buildWebServer,
  contentSecurityPolicy,
  deferScripts,
  DEFERRED_MODULE_TYPE,
  DEFERRED_PRELOAD_REL,
  PRELOADS_PER_TASK,
  EARLY_REQUEST_GLOBAL,
  EARLY_REQUEST_PATH,
  inlineStylesheets,
  runtimeConfigScript,
  SPA_FALLBACK,
  STRICT_TRANSPORT_SECURITY,
} from './web-server.ts';

let dist: string;
let web: FastifyInstance;
const big = `<!doctype html><html><body>${'storefront '.repeat(500)}</body></html>`;

/** React Router's route manifest, as the build writes it (the routes' ids, parents and paths). */
const MANIFEST = {
  entry: { module: '/assets/entry.client-2.js', imports: [], css: [] },
  routes: {
    root: { id: 'root', path: '' },
    'routes/home': { id: 'routes/home', parentId: 'root', index: true },
    'routes/login': { id: 'routes/login', parentId: 'root', path: 'login' },
    'routes/debug': { id: 'routes/debug', parentId: 'root', path: 'debug' },
    'routes/signed-in': {
      id: 'routes/signed-in',
      parentId: 'root',
      module: '/assets/signed-in-1.js',
      imports: ['/assets/entry.client-2.js', '/assets/auth-1.js'],
    },
    'routes/dashboard.splat': {
      id: 'routes/dashboard.splat',
      parentId: 'routes/signed-in',
      path: 'dashboard/*',
    },
    'routes/owner': {
      id: 'routes/owner',
      parentId: 'routes/signed-in',
      path: 'owner',
      module: '/assets/owner-1.js',
      imports: ['/assets/auth-1.js', '/assets/shell-1.js'],
    },
    'owner-index': {
      id: 'owner-index',
      parentId: 'routes/owner',
      index: true,
      module: '/assets/owner-index-1.js',
    },
    'routes/owner.devices': {
      id: 'routes/owner.devices',
      parentId: 'routes/owner',
      path: 'devices',
      module: '/assets/owner.devices-1.js',
      clientLoaderModule: '/assets/owner.devices-loader-1.js',
      imports: ['/assets/query-1.js'],
    },
    'routes/owner.device': { id: 'routes/owner.device', parentId: 'routes/owner', path: 'devices/:id' },
    'routes/not-found': { id: 'routes/not-found', parentId: 'root', path: '*' },
  },
};

/** A page as React Router prerenders it: every kind of inline script it writes, and the module script. */
const routerPage = (title: string, main: string) =>
  `<!DOCTYPE html><html lang="en-IN"><head><meta charSet="utf-8"/><title>${title}</title>` +
  '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>' +
  '<script type="application/ld+json">{"@type":"Organization"}</script>' +
  '<link rel="stylesheet" href="/assets/root-abc.css"/></head>' +
  `<body><main>${main}</main>` +
  '<script>((storageKey, restoreKey) => { window.history.scrollRestoration = "manual"; })("k", "r")</script>' +
  '<script>window.__reactRouterContext = {"basename":"/","ssr":false};window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());</script>' +
  '<script type="module" async="">import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");</script>' +
  '<script>window.__reactRouterContext.streamController.enqueue("[{\\"_1\\":2}]\\n");</script>' +
  '<script>window.__reactRouterContext.streamController.close();</script></body></html>';

/**
 * A page run as a browser runs it (its inline scripts, a frame clock), with the web streams React Router's
 * stream scripts use (jsdom has none of its own).
 */
const inBrowser = (html: string) =>
  new JSDOM(html, {
    runScripts: 'dangerously',
    pretendToBeVisual: true,
    beforeParse: (window) => Object.assign(window, { ReadableStream, TextEncoderStream }),
  });

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );
}

/** Every inline script of an HTML document, read by an HTML parser (not by the server's own pattern). */
function inlineScripts(html: string): string[] {
  const dom = new JSDOM(html);
  const texts = [...dom.window.document.querySelectorAll('script:not([src])')].map(
    (script) => script.textContent ?? '',
  );
  dom.window.close();
  return texts;
}

const baseEnv = {
  PUBLIC_API_URL: 'https://api.example.com/',
  DEMO: 'true',
  SOCIAL_TWITTER_URL: 'https://x.com/isaac',
};

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'isaac-web-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'products', 'isaac-purifier'), { recursive: true });
  mkdirSync(join(dist, 'login'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), `<!doctype html><title>Landing</title>${big}`);
  writeFileSync(join(dist, SPA_FALLBACK), routerPage('SPA', '<div>app</div>'));
  writeFileSync(join(dist, 'login', 'index.html'), routerPage('Sign in', '<form>sign in</form>'));
  writeFileSync(
    join(dist, 'products', 'isaac-purifier', 'index.html'),
    '<!doctype html><html><head><title>ISAAC</title></head><body></body></html>',
  );
  writeFileSync(
    join(dist, 'assets', 'manifest-1.js'),
    `window.__reactRouterManifest=${JSON.stringify(MANIFEST)};`,
  );
  writeFileSync(join(dist, 'assets', 'root-abc.css'), 'body{color:red}</style>');
  writeFileSync(join(dist, 'assets', 'entry-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n');
  // The copies the build writes beside a file (scripts/precompress.mjs), with marks of their own, so that a
  // test tells the copy sent from a reply compressed on the fly.
  writeFileSync(
    join(dist, 'assets', 'chunk-def456.js'),
    `export const a=${JSON.stringify('y'.repeat(4000))};`,
  );
  writeFileSync(join(dist, 'assets', 'chunk-def456.js.br'), brotliCompressSync('// the brotli copy\n'));
  writeFileSync(join(dist, 'assets', 'chunk-def456.js.gz'), gzipSync('// the gzip copy\n'));
  writeFileSync(join(dist, 'sw.js'), `self.v=${JSON.stringify('z'.repeat(4000))};`);
  writeFileSync(join(dist, 'sw.js.br'), brotliCompressSync('// the worker\n'));
  const config = loadConfig({ ...baseEnv, WEB_DIST: dist }, '/');
  web = await buildWebServer({ config });
});
afterAll(async () => {
  await web.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('web server', () => {
  it('serves /config.js with the runtime configuration', async () => {
    const res = await web.inject({ method: 'GET', url: '/config.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/javascript');
    expect(res.body).toBe(
      'window.__ISAAC_CONFIG__={"apiUrl":"https://api.example.com","social":{"twitter":"https://x.com/isaac"},"demo":true,"apiLoopbackAliases":false};\n',
    );
  });

  it('tells the web whether the API answers under every loopback name (development, loopback API only)', () => {
    const flag = (env: Record<string, string>, isProduction = false) =>
      runtimeConfigScript({ ...loadConfig(env, '/'), isProduction }).includes('"apiLoopbackAliases":true');
    expect(flag({ PUBLIC_API_URL: 'http://localhost:4100' })).toBe(true);
    expect(flag({ PUBLIC_API_URL: 'http://127.0.0.1:4100' })).toBe(true);
    expect(flag({ PUBLIC_API_URL: 'https://api.example.com' })).toBe(false);
    // In production the policy allows PUBLIC_API_URL's origin only (the production settings' other rules are
    // not this test's concern).
    expect(flag({ PUBLIC_API_URL: 'http://localhost:4100' }, true)).toBe(false);
  });

  it('connects to the API and asks for the signed-in user as soon as the SPA fallback is parsed', async () => {
    const res = await web.inject({ method: 'GET', url: '/owner/devices' });
    expect(res.body).toContain('<link rel="preconnect" href="https://api.example.com"/>');
    // Prerendered public pages do neither.
    const login = await web.inject({ method: 'GET', url: '/login' });
    expect(login.body).not.toContain('rel="preconnect"');
    expect(login.body).not.toContain(EARLY_REQUEST_GLOBAL);

    // Run the fallback's inline scripts before any module (as the browser does), with a stored token.
    const early = inlineScripts(res.body).find((text) => text.includes(EARLY_REQUEST_GLOBAL));
    expect(early).toBeDefined();
    const dom = new JSDOM(res.body.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, ''), {
      url: 'https://isaac.example/owner/devices',
      runScripts: 'outside-only',
    });
    const calls: [string, RequestInit][] = [];
    const response = Promise.resolve(new Response('{}'));
    Object.assign(dom.window, {
      fetch: (url: string, init: RequestInit) => {
        calls.push([url, init]);
        return response;
      },
    });
    const config = inlineScripts(res.body)[0] ?? '';
    dom.window.eval(config);
    dom.window.eval(early ?? '');
    // No token stored: no request.
    expect(calls).toEqual([]);
    expect(Reflect.get(dom.window, EARLY_REQUEST_GLOBAL)).toBeUndefined();
    dom.window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    dom.window.eval(early ?? '');
    expect(calls).toEqual([
      [
        `https://api.example.com${EARLY_REQUEST_PATH}`,
        {
          headers: { Accept: 'application/json', Authorization: 'Bearer tok-1' },
          credentials: 'include',
        },
      ],
    ]);
    const pending = Reflect.get(dom.window, EARLY_REQUEST_GLOBAL) as Record<string, unknown>;
    expect(pending.path).toBe(EARLY_REQUEST_PATH);
    expect(pending.token).toBe('tok-1');
    expect(pending.response).toBe(response);
    dom.window.close();
  });

  it("preloads the scripts of the page's routes in the SPA fallback, after its first paint", async () => {
    const preloads = async (url: string) =>
      [
        ...(await web.inject({ method: 'GET', url })).body.matchAll(
          new RegExp(`<link rel="${DEFERRED_PRELOAD_REL}" href="([^"]+)"/>`, 'g'),
        ),
      ].map(([, href]) => href);
    // The page's route, its split client loader, its parents (not the root, already there), each once.
    const devices = [
      '/assets/owner.devices-1.js',
      '/assets/owner.devices-loader-1.js',
      '/assets/query-1.js',
      '/assets/owner-1.js',
      '/assets/auth-1.js',
      '/assets/shell-1.js',
      '/assets/signed-in-1.js',
    ];
    expect(await preloads('/owner/devices')).toEqual(devices);
    // An index route is deeper than its layout.
    expect(await preloads('/owner')).toEqual([
      '/assets/owner-index-1.js',
      '/assets/owner-1.js',
      '/assets/auth-1.js',
      '/assets/shell-1.js',
      '/assets/signed-in-1.js',
    ]);
    // Unknown paths (404) get the fallback as built.
    expect(await preloads('/no/such/page')).toEqual([]);
    // The policy does not change: preloads are not inline scripts.
    const forDevices = await web.inject({ method: 'GET', url: '/owner/devices' });
    const forUnknown = await web.inject({ method: 'GET', url: '/debug' });
    expect(forDevices.headers['content-security-policy']).toBe(forUnknown.headers['content-security-policy']);

    // In a browser: nothing is requested while parsing (the skeleton paints first); after a frame the
    // fallback's own preloads, then the route's, are in <head> and the module script runs.
    const page = await web.inject({ method: 'GET', url: '/owner/devices' });
    expect(page.body).not.toContain('<link rel="modulepreload"');
    const dom = inBrowser(page.body);
    const { document } = dom.window;
    expect(document.querySelectorAll('head link[rel="modulepreload"]')).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(
      [...document.querySelectorAll('head link[rel="modulepreload"]')].map((link) =>
        link.getAttribute('href'),
      ),
    ).toEqual(['/assets/manifest-1.js', '/assets/entry.client-2.js', ...devices]);
    expect(document.querySelector(`link[rel="${DEFERRED_PRELOAD_REL}"]`)).toBeNull();
    expect(document.querySelector(`script[type="${DEFERRED_MODULE_TYPE}"]`)).toBeNull();
    dom.window.close();
  });

  it('escapes < in the config script', () => {
    const config = loadConfig({ SOCIAL_YOUTUBE_URL: 'https://y.example/</script>' }, '/');
    expect(runtimeConfigScript(config)).not.toContain('</script>');
  });

  it('serves the prerendered landing page and product pages with no-cache', async () => {
    const home = await web.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<title>Landing</title>');
    expect(home.headers['cache-control']).toBe('no-cache');
    for (const url of ['/products/isaac-purifier', '/products/isaac-purifier/']) {
      const page = await web.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>ISAAC</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it('inlines the runtime configuration into the HTML pages', async () => {
    const res = await web.inject({ method: 'GET', url: '/owner/devices' });
    // First in <head>: set before any script of the app runs (React's hydration skips it).
    expect(res.body).toContain('<head><script>window.__ISAAC_CONFIG__={"apiUrl":"https://api.example.com"');
  });

  it('inlines the stylesheet and keeps its link disabled, without an inline handler', () => {
    const html = inlineStylesheets('<head><link rel="stylesheet" href="/assets/root-abc.css"/></head>', dist);
    expect(html).toBe(
      '<head><style>body{color:red}<\\/style></style>' +
        '<link rel="stylesheet" href="/assets/root-abc.css" disabled=""/></head>',
    );
    expect(html).not.toContain('onload');
    const missing = '<link rel="stylesheet" href="/assets/gone.css"/>';
    expect(inlineStylesheets(missing, dist)).toBe(missing);
  });

  it('requests the scripts only after the first paint', async () => {
    const html = deferScripts(inlineStylesheets(routerPage('Landing', 'Clean Air. Delivered.'), dist));
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(`<script type="${DEFERRED_MODULE_TYPE}">import "/assets/manifest-1.js";`);
    expect(html).toMatch(
      /\["\/assets\/manifest-1\.js","\/assets\/entry\.client-2\.js"\],"text\/isaac-deferred-module","x-isaac-modulepreload",4\)<\/script><\/body><\/html>$/,
    );

    // In a browser: nothing loads while parsing; after a frame the preloads and the module script are back.
    // The stylesheet link stays disabled: its rules are inlined already.
    const dom = inBrowser(html);
    const { document } = dom.window;
    await new Promise<void>((resolve) => dom.window.addEventListener('load', () => resolve()));
    const sheet = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
    expect(sheet?.hasAttribute('disabled')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const preloads = [...document.querySelectorAll('head link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('href'),
    );
    expect(preloads).toEqual(['/assets/manifest-1.js', '/assets/entry.client-2.js']);
    expect(document.querySelector(`script[type="${DEFERRED_MODULE_TYPE}"]`)).toBeNull();
    const module = document.querySelector('script[type="module"]');
    expect(module?.textContent).toBe('import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");');
    // Still in place: after the context script, where React Router rendered it.
    expect(module?.previousElementSibling?.textContent).toContain('window.__reactRouterContext = {');
    dom.window.close();

    // A page without React Router's module script is left alone.
    expect(deferScripts('<html><body>plain</body></html>')).toBe('<html><body>plain</body></html>');
  });

  it('adds many preloads a few per task, then runs the module script', async () => {
    const chunks = Array.from({ length: 2 * PRELOADS_PER_TASK + 3 }, (_, i) => `/assets/chunk-${i}.js`);
    const page = routerPage('Landing', 'Clean Air. Delivered.').replace(
      '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>',
      chunks.map((href) => `<link rel="modulepreload" href="${href}"/>`).join(''),
    );
    const dom = inBrowser(deferScripts(page));
    const { document, MutationObserver } = dom.window;
    // A mutation observer's callback runs once after each task, with what that task changed.
    const tasks: string[][] = [];
    new MutationObserver((records) => {
      const added = records.flatMap((record) => [...record.addedNodes]) as Element[];
      tasks.push(added.map((node) => (node.tagName === 'LINK' ? 'preload' : node.tagName.toLowerCase())));
    }).observe(document, { childList: true, subtree: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(tasks.map((added) => added.filter((kind) => kind === 'preload').length)).toEqual([
      PRELOADS_PER_TASK,
      PRELOADS_PER_TASK,
      3,
    ]);
    expect(tasks.at(-1)).toContain('script');
    expect(tasks.slice(0, -1).flat()).not.toContain('script');
    expect(
      [...document.querySelectorAll('head link[rel="modulepreload"]')].map((link) =>
        link.getAttribute('href'),
      ),
    ).toEqual(chunks);
    dom.window.close();
  });

  it("sends the app's other routes to the SPA fallback, and unknown paths with 404", async () => {
    for (const url of [
      '/debug',
      '/dashboard/anything/deeper',
      '/owner',
      '/owner/devices',
      '/owner/devices/d-1/',
    ]) {
      const res = await web.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>SPA</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    for (const url of [
      '/no/such/page?x=1',
      '/owner/nope',
      '/owner/devices/d-1/extra',
      '/admin',
      '/dashboardx',
    ]) {
      const res = await web.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      // Still the app (which sends the visitor to /login), with its policy.
      expect(res.body).toContain('<title>SPA</title>');
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
    // The fallback paints its skeleton before its scripts run, like a prerendered page.
    const fallback = await web.inject({ method: 'GET', url: '/owner' });
    expect(fallback.body).not.toContain('<link rel="modulepreload"');
    expect(fallback.body).not.toContain('<script type="module"');
    expect(fallback.body).toContain(`<script type="${DEFERRED_MODULE_TYPE}">`);
    // A prerendered page that is also a route of the app is that page.
    const login = await web.inject({ method: 'GET', url: '/login' });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('<title>Sign in</title>');
  });

  it('answers .html paths of the build from memory, never the raw file', async () => {
    const login = await web.inject({ method: 'GET', url: '/login/index.html' });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain(`<script type="${DEFERRED_MODULE_TYPE}">`);
    expect(login.headers['content-security-policy']).toBeDefined();
    const missing = await web.inject({ method: 'GET', url: '/nothing.html' });
    expect(missing.statusCode).toBe(404);
  });

  it('sends a strict Content-Security-Policy with the hash of every inline script of each page', async () => {
    for (const url of ['/', '/login', '/products/isaac-purifier', '/owner/devices', '/no/such/page']) {
      const res = await web.inject({ method: 'GET', url });
      const csp = directives(res.headers['content-security-policy']);
      const scriptSrc = csp.get('script-src') ?? [];
      expect(scriptSrc[0]).toBe("'self'");
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      const scripts = inlineScripts(res.body);
      for (const text of scripts) expect(scriptSrc, `${url}: ${text.slice(0, 40)}`).toContain(sha256(text));
      // Nothing else is allowed: one hash per distinct inline script.
      expect(scriptSrc.slice(1).sort()).toEqual([...new Set(scripts.map(sha256))].sort());
      expect(res.body).not.toMatch(/\son[a-z]+=/i);
      expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.example.com']);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(csp.get('frame-src')).toEqual(["'none'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    // The login page's scripts: the config, scroll restoration, router context, the module script (re-inserted
    // by the loader with the same text), the route data and the loader.
    const login = await web.inject({ method: 'GET', url: '/login' });
    expect(inlineScripts(login.body)).toHaveLength(8);
  });

  it("allows Razorpay's checkout only when it is the payment provider", () => {
    const sandbox = directives(contentSecurityPolicy(loadConfig(baseEnv, '/'), ["'sha256-x'"]));
    expect(sandbox.get('script-src')).toEqual(["'self'", "'sha256-x'"]);
    expect([...sandbox.values()].flat().join(' ')).not.toContain('razorpay');

    const razorpay = directives(
      contentSecurityPolicy(loadConfig({ ...baseEnv, PAYMENT_PROVIDER: 'razorpay' }, '/'), ["'sha256-x'"]),
    );
    expect(razorpay.get('script-src')).toEqual(["'self'", "'sha256-x'", 'https://checkout.razorpay.com']);
    expect(razorpay.get('frame-src')).toEqual(['https://api.razorpay.com', 'https://checkout.razorpay.com']);
    expect(razorpay.get('connect-src')).toEqual([
      "'self'",
      'https://api.example.com',
      'https://api.razorpay.com',
      'https://lumberjack.razorpay.com',
    ]);
    expect(razorpay.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('lets pages reach the API under each loopback name in development', () => {
    const local = directives(
      contentSecurityPolicy(loadConfig({ PUBLIC_API_URL: 'http://localhost:4100' }, '/'), []),
    );
    expect(local.get('connect-src')).toEqual(
      expect.arrayContaining(["'self'", 'http://localhost:4100', 'http://127.0.0.1:4100']),
    );
    // An IPv6 literal is not a valid CSP source (browsers drop it with an error).
    expect(local.get('connect-src')?.join(' ')).not.toContain('[');
  });

  it('sends HSTS in production only', async () => {
    // The production settings' other rules (secrets, payment provider) are not this test's concern.
    const config = { ...loadConfig({ ...baseEnv, WEB_DIST: dist }, '/'), isProduction: true };
    const production = await buildWebServer({ config });
    try {
      for (const url of ['/', '/owner', '/no/such/page', '/assets/entry-abc123.js']) {
        const res = await production.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security'], url).toBe(STRICT_TRANSPORT_SECURITY);
      }
      expect(STRICT_TRANSPORT_SECURITY).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await production.close();
    }
  });

  it('logs one line per request, as the API does (LOG_REQUESTS=all)', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const config = loadConfig({ ...baseEnv, WEB_DIST: dist, LOG_REQUESTS: 'all' }, '/');
    const logged = await buildWebServer({ config, logger });
    try {
      await logged.inject({ method: 'GET', url: '/products/isaac-purifier' });
      await logged.inject({ method: 'GET', url: '/assets/entry-abc123.js' });
      const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
      expect(messages).toEqual([
        expect.stringMatching(/^GET \/products\/isaac-purifier 200 [\d.]+ms$/),
        expect.stringMatching(/^GET \/assets\/entry-abc123\.js 200 [\d.]+ms$/),
      ]);
    } finally {
      await logged.close();
    }
  });

  it('in development (LOG_REQUESTS=notable) an asset or page read is debug, a missing file info', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
    const config = loadConfig({ ...baseEnv, WEB_DIST: dist, NODE_ENV: 'development' }, '/');
    expect(config.logRequests).toBe('notable');
    const logged = await buildWebServer({ config, logger });
    try {
      await logged.inject({ method: 'GET', url: '/assets/entry-abc123.js' });
      await logged.inject({ method: 'GET', url: '/assets/gone-123.js' });
      const entries = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(entries).toEqual([
        expect.objectContaining({
          level: 20,
          msg: expect.stringMatching(/^GET \/assets\/entry-abc123\.js 200 /),
        }),
        expect.objectContaining({
          level: 30,
          msg: expect.stringMatching(/^GET \/assets\/gone-123\.js 404 /),
        }),
      ]);
    } finally {
      await logged.close();
    }
  });

  it('caches hashed assets forever and 404s missing files', async () => {
    const asset = await web.inject({ method: 'GET', url: '/assets/entry-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await web.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
    const traversal = await web.inject({ method: 'GET', url: '/..%2f..%2fetc/passwd' });
    expect(traversal.body).not.toContain('root:');
  });

  it('compresses with brotli or gzip', async () => {
    const br = await web.inject({
      method: 'GET',
      url: '/assets/entry-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    const gz = await web.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it("sends the build's precompressed copy of a file as it is, cached as the file", async () => {
    const get = (url: string, encoding?: string) =>
      web.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await get('/assets/chunk-def456.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('// the brotli copy\n');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const gz = await get('/assets/chunk-def456.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('// the gzip copy\n');
    const plain = await get('/assets/chunk-def456.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toMatch(/^export const a=/);
    // The service worker's copy is revalidated on every visit, as the worker itself.
    const worker = await get('/sw.js', 'br');
    expect(brotliDecompressSync(worker.rawPayload).toString()).toBe('// the worker\n');
    expect(worker.headers['cache-control']).toBe('no-cache');
    // A file without copies is still compressed as it is sent.
    const entry = await get('/assets/entry-abc123.js', 'br');
    expect(brotliDecompressSync(entry.rawPayload).toString()).toMatch(/^console\.log\("x+"\);$/);
  });
});
