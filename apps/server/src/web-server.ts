import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, normalize, relative as relativePath, sep } from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from './config.ts';

export const SPA_FALLBACK = '__spa-fallback.html';

/** The body of GET /config.js: the web's runtime configuration (apps/web/app/lib/config.ts). */
export function runtimeConfigScript(config: Config): string {
  const social = Object.fromEntries(Object.entries(config.social).filter(([, url]) => url !== undefined));
  const value = { apiUrl: config.publicApiUrl, social, demo: config.demo };
  return `window.__ISAAC_CONFIG__=${JSON.stringify(value).replace(/</g, '\\u003c')};\n`;
}

/**
 * Every HTML page of the build (prerendered pages and the SPA fallback), keyed by its file path
 * relative to `root`, with the runtime configuration inlined at the end of <body>: no extra round trip
 * before the app starts.
 * Read once at start; the build does not change under a running server.
 */
export function loadHtmlPages(root: string, config: Config): Map<string, string> {
  const inline = `<script>${runtimeConfigScript(config).trim()}</script>`;
  const pages = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'assets') walk(full);
      else if (entry.isFile() && entry.name.endsWith('.html')) {
        const html = deferScripts(
          withRuntimeConfig(inlineStylesheets(readFileSync(full, 'utf8'), root), inline),
        );
        pages.set(relativePath(root, full).split(sep).join('/'), html);
      }
    }
  };
  walk(root);
  return pages;
}

const LAST_BODY_END = /<\/body>(?![\s\S]*<\/body>)/;

/**
 * The configuration script goes at the end of <body>, after every element the app renders: hydration
 * claims a page's elements tag by tag, in order, so an extra <script> before the app's own would be taken
 * for one of them (React Router's JSON-LD <script> in <head>, for example). The app's scripts run after
 * the document is parsed, so the configuration is set before them.
 */
function withRuntimeConfig(html: string, inline: string): string {
  return LAST_BODY_END.test(html) ? html.replace(LAST_BODY_END, `${inline}</body>`) : `${inline}${html}`;
}

const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/>/g;

/**
 * Inlines the build's stylesheets so the first paint waits for no other request: each
 * `<link rel="stylesheet">` of a hashed asset becomes an inline <style> followed by the same link
 * loaded without blocking render (media="print" until loaded), which React hydrates unchanged and
 * the browser caches for the next page. CSS is ~10 KB gzip for the whole app, so inlining is cheaper
 * than a round trip on a slow mobile network.
 */
export function inlineStylesheets(html: string, root: string): string {
  return html.replace(STYLESHEET_LINK, (link, href: string) => {
    const file = join(root, href);
    if (!existsSync(file)) return link;
    const css = readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style');
    return `<style>${css}</style><link rel="stylesheet" href="${href}" media="print" onload="this.media='all'"/>`;
  });
}

const MODULEPRELOAD_LINK = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"\/>/g;
const ROUTER_MODULE_SCRIPT = '<script type="module" async="">';
const ROUTER_CONTEXT_SCRIPT = '<script>window.__reactRouterContext';
/** The type that keeps React Router's module script inert until the loader re-inserts it. */
export const DEFERRED_MODULE_TYPE = 'text/isaac-deferred-module';
/** The rel that keeps React Router's module preloads inert (browsers ignore an unknown rel). */
export const DEFERRED_PRELOAD_REL = 'x-isaac-deferred-modulepreload';

/**
 * The loader inlined at the end of <body>, called with the preload URLs and the inert type: once the
 * document is parsed and the browser has painted it, it adds the module preloads and runs React Router's
 * module script (a script inserted by script runs; one with an inert type never does). A tab opened in
 * the background gets no frames, so it loads at once. Plain browser JavaScript, kept as text.
 */
const LOAD_SCRIPTS_AFTER_PAINT = `function (hrefs, type) {
  function run() {
    hrefs.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    });
    var deferred = document.querySelector('script[type="' + type + '"]');
    if (!deferred) return;
    var script = document.createElement('script');
    script.type = 'module';
    script.textContent = deferred.textContent;
    deferred.parentNode.replaceChild(script, deferred);
  }
  function afterPaint() {
    if (document.visibilityState === 'visible') requestAnimationFrame(function () { setTimeout(run, 0); });
    else run();
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterPaint);
  else afterPaint();
}`.replace(/\s*\n\s*/g, ' ');

/**
 * HTML first, then JavaScript (ADR 011). A prerendered page is complete and styled without any script,
 * so its scripts are requested only after the first paint: React Router's `<link rel="modulepreload">`
 * tags and its module script are made inert in place (so the document still has the elements the app
 * hydrates, ADR 012), and a small inline loader at the end of <body> adds the preloads to <head> and runs
 * the module script after the first frame. On a slow network the HTML no longer shares the connection
 * with JavaScript it does not need to paint. Hydration drops the loader and the added links, which the
 * app does not render. A page without React Router's module script is returned unchanged.
 */
export function deferScripts(html: string): string {
  if (!html.includes(ROUTER_MODULE_SCRIPT)) return html;
  const hrefs: string[] = [];
  const withoutPreloads = html.replace(MODULEPRELOAD_LINK, (_link, href: string) => {
    hrefs.push(href);
    return '';
  });
  // React's server renderer hoists the preloads into <head>; in the browser, <Scripts> renders them in
  // <body>, just before the context script: that is where they stay (inert), so hydration finds them.
  const inertPreloads = hrefs.map((href) => `<link rel="${DEFERRED_PRELOAD_REL}" href="${href}"/>`).join('');
  const anchor = withoutPreloads.includes(ROUTER_CONTEXT_SCRIPT)
    ? ROUTER_CONTEXT_SCRIPT
    : ROUTER_MODULE_SCRIPT;
  const loader = `<script>(${LOAD_SCRIPTS_AFTER_PAINT})(${JSON.stringify(hrefs)},${JSON.stringify(DEFERRED_MODULE_TYPE)})</script>`;
  return withoutPreloads
    .replace(anchor, `${inertPreloads}${anchor}`)
    .replace(ROUTER_MODULE_SCRIPT, `<script type="${DEFERRED_MODULE_TYPE}">`)
    .replace(LAST_BODY_END, `${loader}</body>`);
}

function cacheControlFor(path: string): string {
  if (path.includes(`${sep}assets${sep}`)) return 'public, max-age=31536000, immutable';
  if (path.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * The web server on PORT: the built React Router app from WEB_DIST, compressed (br, gzip).
 * Hashed /assets/* are cached forever, HTML is revalidated. A path with a prerendered page
 * (`/products/x` → `products/x/index.html`) gets that page; any other page path gets React Router's
 * SPA fallback, which renders the back office and sends unknown paths to /login.
 */
export async function buildWebServer(options: {
  config: Config;
  logger?: FastifyBaseLogger;
}): Promise<FastifyInstance> {
  const { config } = options;
  const root = config.webDist;
  if (!existsSync(join(root, SPA_FALLBACK))) {
    throw new Error(`The built web is missing (${join(root, SPA_FALLBACK)}): run \`npm run build\` first.`);
  }
  const app = Fastify({ loggerInstance: options.logger });
  const pages = loadHtmlPages(root, config);
  const sendPage = (reply: FastifyReply, file: string) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(pages.get(file));

  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
  });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });

  app.get('/config.js', async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache, max-age=0')
      .send(runtimeConfigScript(config)),
  );

  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    // HTML pages are answered from memory (with the config inlined) by the not-found handler below.
    index: false,
    redirect: false,
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlFor(path));
    },
  });

  // Page paths (no file extension) are answered from memory: a prerendered page when the build has
  // one (`/products/x` → `products/x/index.html`), else React Router's SPA fallback, which renders the
  // back office and sends unknown paths to /login. Files (with an extension) go to @fastify/static.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const pathname = (request.url.split('?')[0] ?? '/').replace(/\/+$/, '') || '/';
    if (/\.[a-z0-9]+$/i.test(pathname)) return;
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return reply.code(400).type('text/plain').send('Bad request');
    }
    const relative = normalize(join(decoded, 'index.html'))
      .replace(/^[/\\]+/, '')
      .split(sep)
      .join('/');
    return sendPage(reply, pages.has(relative) ? relative : SPA_FALLBACK);
  });

  // A missing file (an old asset, a typo) is a real 404, not the app.
  app.setNotFoundHandler(async (_request, reply) => reply.code(404).type('text/plain').send('Not found'));

  await app.ready();
  return app;
}
