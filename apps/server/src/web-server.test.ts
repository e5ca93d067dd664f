import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { JSDOM } from 'jsdom';
import {
  buildWebServer,
  deferScripts,
  DEFERRED_MODULE_TYPE,
  DEFERRED_PRELOAD_REL,
  inlineStylesheets,
  runtimeConfigScript,
  SPA_FALLBACK,
} from './web-server.ts';

let dist: string;
let web: FastifyInstance;
const big = `<!doctype html><html><body>${'storefront '.repeat(500)}</body></html>`;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'isaac-web-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'products', 'isaac-purifier'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), `<!doctype html><title>Landing</title>${big}`);
  writeFileSync(
    join(dist, SPA_FALLBACK),
    '<!doctype html><html><head><title>SPA</title></head><body><div>app</div></body></html>',
  );
  writeFileSync(
    join(dist, 'products', 'isaac-purifier', 'index.html'),
    '<!doctype html><title>ISAAC</title>',
  );
  writeFileSync(join(dist, 'assets', 'entry-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n');
  const config = loadConfig(
    {
      WEB_DIST: dist,
      PUBLIC_API_URL: 'https://api.example.com/',
      DEMO: 'true',
      SOCIAL_TWITTER_URL: 'https://x.com/isaac',
    },
    '/',
  );
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
      'window.__ISAAC_CONFIG__={"apiUrl":"https://api.example.com","social":{"twitter":"https://x.com/isaac"},"demo":true};\n',
    );
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
    // At the end of <body>, after every element the app renders (hydration claims elements in order).
    expect(res.body).toContain(
      '<div>app</div><script>window.__ISAAC_CONFIG__={"apiUrl":"https://api.example.com"',
    );
    expect(res.body).toMatch(/;<\/script><\/body><\/html>$/);
  });

  it('inlines the stylesheet and loads the link without blocking render', () => {
    writeFileSync(join(dist, 'assets', 'root-abc.css'), 'body{color:red}</style>');
    const html = inlineStylesheets('<head><link rel="stylesheet" href="/assets/root-abc.css"/></head>', dist);
    expect(html).toBe(
      '<head><style>body{color:red}<\\/style></style><link rel="stylesheet" href="/assets/root-abc.css" media="print" onload="this.media=\'all\'"/></head>',
    );
    const missing = '<link rel="stylesheet" href="/assets/gone.css"/>';
    expect(inlineStylesheets(missing, dist)).toBe(missing);
  });

  it('requests the scripts only after the first paint', async () => {
    const routerPage =
      '<!DOCTYPE html><html><head><title>Landing</title>' +
      '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>' +
      '</head><body><main>Clean Air. Delivered.</main>' +
      '<script>window.__reactRouterContext = {};</script>' +
      '<script type="module" async="">import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");</script>' +
      '</body></html>';
    const html = deferScripts(routerPage);
    expect(html).not.toContain('<link rel="modulepreload"');
    // Inert, and where <Scripts> renders them in the browser (before the context script), so that
    // hydration finds them; React's server renderer had hoisted them into <head>.
    expect(html).toContain(
      `<main>Clean Air. Delivered.</main><link rel="${DEFERRED_PRELOAD_REL}" href="/assets/manifest-1.js"/>` +
        `<link rel="${DEFERRED_PRELOAD_REL}" href="/assets/entry.client-2.js"/><script>window.__reactRouterContext`,
    );
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(`<script type="${DEFERRED_MODULE_TYPE}">import "/assets/manifest-1.js";`);
    expect(html).toMatch(
      /\["\/assets\/manifest-1\.js","\/assets\/entry\.client-2\.js"\],"text\/isaac-deferred-module"\)<\/script><\/body><\/html>$/,
    );

    // In a browser: nothing loads while parsing; after a frame the preloads and the module script are back.
    const dom = new JSDOM(html, { runScripts: 'dangerously', pretendToBeVisual: true });
    const { document } = dom.window;
    await new Promise<void>((resolve) => dom.window.addEventListener('load', () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const preloads = [...document.querySelectorAll('head link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('href'),
    );
    expect(preloads).toEqual(['/assets/manifest-1.js', '/assets/entry.client-2.js']);
    expect(document.querySelector(`script[type="${DEFERRED_MODULE_TYPE}"]`)).toBeNull();
    const module = document.querySelector('script[type="module"]');
    expect(module?.textContent).toBe('import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");');
    // Still in place: after the context script, where React Router rendered it.
    expect(module?.previousElementSibling?.textContent).toBe('window.__reactRouterContext = {};');
    dom.window.close();

    // A page without React Router's module script is left alone.
    expect(deferScripts('<html><body>plain</body></html>')).toBe('<html><body>plain</body></html>');
  });

  it('sends other page paths to the SPA fallback', async () => {
    for (const url of ['/dashboard', '/owner/devices', '/no/such/page?x=1']) {
      const res = await web.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>SPA</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
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
});
