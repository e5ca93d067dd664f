import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, normalize, relative as relativePath, sep } from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { TOKEN_STORAGE_KEY } from '@isaac/contract';
import { type Config, isLoopbackHostname } from './config.ts';
import { RequestLineLogController } from './logger.ts';

export const SPA_FALLBACK = '__spa-fallback.html';

/**
 * Whether the API answers the web under every loopback name (outside production, when PUBLIC_API_URL is a
 * loopback URL: `config.apiOrigins`). The web then calls the API under the name its page was opened with
 * (apps/web/app/lib/config.ts): a page at 127.0.0.1 calling localhost would be cross-site, and the CSRF
 * cookie (SameSite) would not be sent.
 */
export function apiHasLoopbackAliases(config: Config): boolean {
  return !config.isProduction && isLoopbackHostname(new URL(config.publicApiUrl).hostname);
}

/** The body of GET /config.js: the web's runtime configuration (apps/web/app/lib/config.ts). */
export function runtimeConfigScript(config: Config): string {
  const social = Object.fromEntries(Object.entries(config.social).filter(([, url]) => url !== undefined));
  const value = {
    apiUrl: config.publicApiUrl,
    social,
    demo: config.demo,
    apiLoopbackAliases: apiHasLoopbackAliases(config),
  };
  return `window.__ISAAC_CONFIG__=${JSON.stringify(value).replace(/</g, '\\u003c')};\n`;
}

/** A page of the build as the web server sends it, with the hashes of its inline scripts. */
export interface HtmlPage {
  html: string;
  /** `'sha256-…'` of every inline <script> of `html`, for the page's Content-Security-Policy. */
  scriptHashes: readonly string[];
  /** The module preloads the built page names (deferred by `deferScripts`, or left in <head>). */
  preloads: readonly string[];
}

/**
 * Every HTML page of the build (prerendered pages and the SPA fallback), keyed by its file path
 * relative to `root`, with the runtime configuration inlined as the first element of <head> (no extra
 * round trip before the app starts; React's hydration skips an element it does not render in <head>), the
 * stylesheet inlined and the scripts deferred, and the hashes of the resulting inline scripts.
 * Read once at start; the build does not change under a running server.
 */
export function loadHtmlPages(root: string, config: Config): Map<string, HtmlPage> {
  const inline = `<script>${runtimeConfigScript(config).trim()}</script>`;
  // The back office (SPA fallback) talks to the API at once: connect to it while the scripts load, and ask
  // for the signed-in user before they run (the app adopts the response).
  const signedInHead = `${inline}<link rel="preconnect" href="${new URL(config.publicApiUrl).origin}"/><script>${EARLY_CURRENT_USER_SCRIPT}</script>`;
  const pages = new Map<string, HtmlPage>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'assets') walk(full);
      else if (entry.isFile() && entry.name.endsWith('.html')) {
        const file = relativePath(root, full).split(sep).join('/');
        const styled = inlineStylesheets(readFileSync(full, 'utf8'), root);
        const preloads = modulePreloads(styled);
        // Every page paints before its scripts run (ADR 011): a prerendered page its content, the SPA
        // fallback the signed-in skeleton (root HydrateFallback) — run at once, the app's code would hold
        // that first frame until it had rendered. The fallback's head also starts the early requests.
        const html = deferScripts(styled).replace(
          '<head>',
          `<head>${file === SPA_FALLBACK ? signedInHead : inline}`,
        );
        pages.set(file, { html, scriptHashes: inlineScriptHashes(html), preloads });
      }
    }
  };
  walk(root);
  return pages;
}

/** Where the early request's response waits for the app (apps/web/app/lib/api-client.ts adopts it). */
export const EARLY_REQUEST_GLOBAL = '__ISAAC_EARLY__';
export const EARLY_REQUEST_PATH = '/auth/current-user';

/**
 * Inlined in the SPA fallback after the runtime configuration: when a session token is stored, it starts
 * `GET /auth/current-user` exactly as the app's API client would (same headers, with credentials) and
 * leaves the pending response, with the path and token it was made for, in `window.__ISAAC_EARLY__`. The
 * app takes it instead of making that request once its scripts have loaded, so the route guard no longer
 * waits for scripts, then the user, then the page's data, one after the other. A failure is left for the
 * app to see (and retry); the empty handler only keeps an unused failure out of the console.
 */
const EARLY_CURRENT_USER_SCRIPT = `(function (key, path, global) {
  try {
    var token = localStorage.getItem(key);
    var config = window.__ISAAC_CONFIG__;
    if (!token || !config || !config.apiUrl) return;
    var base = config.apiUrl.slice(-1) === '/' ? config.apiUrl.slice(0, -1) : config.apiUrl;
    var response = fetch(base + path, {
      headers: { Accept: 'application/json', Authorization: 'Bearer ' + token },
      credentials: 'include'
    });
    response.catch(function () {});
    window[global] = { path: path, token: token, response: response };
  } catch (error) {}
})(${JSON.stringify(TOKEN_STORAGE_KEY)}, ${JSON.stringify(EARLY_REQUEST_PATH)}, ${JSON.stringify(EARLY_REQUEST_GLOBAL)})`.replace(
  /\s*\n\s*/g,
  ' ',
);

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The CSP hash source (`'sha256-<base64>'`) of every inline <script> in `html`, in order, without
 * duplicates. Data blocks (JSON-LD) and the inert module script are hashed too: the loader re-inserts the
 * latter as a module script with the same text, which the policy must allow.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, text = ''] of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

const LAST_BODY_END = /<\/body>(?![\s\S]*<\/body>)/;
const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/>/g;

/**
 * Inlines the build's stylesheets so the first paint waits for no other request: each
 * `<link rel="stylesheet">` of a hashed asset becomes an inline <style> followed by the same link,
 * disabled, which React hydrates unchanged (a page the app renders itself, without hydrating, gets
 * React Router's own link, which applies). The link never applies: its rules are already there, and a
 * second copy would cost a recalculation of every element's style and double the rules every later
 * recalculation matches (ADR 082); disabled rather than print-only, the browser does not even fetch and
 * parse it (ADR 084). The whole app's CSS is small (docs/benchmarks.md), so inlining it is cheaper than a
 * round trip on a slow mobile network.
 */
export function inlineStylesheets(html: string, root: string): string {
  return html.replace(STYLESHEET_LINK, (link, href: string) => {
    const file = join(root, href);
    if (!existsSync(file)) return link;
    const css = readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style');
    return `<style>${css}</style><link rel="stylesheet" href="${href}" disabled=""/>`;
  });
}

const MODULEPRELOAD_LINK = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"\/>/g;
const ROUTER_MODULE_SCRIPT = '<script type="module" async="">';
/** The scripts React Router's `<link rel="modulepreload">` tags of a page name, in order. */
const modulePreloads = (html: string): string[] =>
  [...html.matchAll(MODULEPRELOAD_LINK)].flatMap(([, href]) => (href ? [href] : []));
/** The type that keeps React Router's module script inert until the loader re-inserts it. */
export const DEFERRED_MODULE_TYPE = 'text/isaac-deferred-module';
/**
 * The `rel` of a module preload the server adds to a page at request time (the SPA fallback's route
 * chunks): inert (a browser ignores a link type it does not know) until the loader makes it a preload.
 */
export const DEFERRED_PRELOAD_REL = 'x-isaac-modulepreload';

/**
 * How many module preloads the loader adds per task. Each one costs the main thread a resource request;
 * the back office's hundred or so added at once were one long task that held the page's input for all of
 * them (ADR 082). A handful per task keeps each task short on a slow phone.
 */
export const PRELOADS_PER_TASK = 4;

/**
 * The loader inlined at the end of <body>, called with the preload URLs, the inert type, the inert
 * preloads' rel and the preloads per task. Once the document is parsed and the browser has painted it, it
 * adds the module preloads to <head> (the page's own, then the inert ones the server added for the route)
 * a few per task, and then runs React Router's module script (a script inserted by script runs; one with
 * an inert type never does). A tab opened in the background gets no frames, so it loads at once. Plain
 * browser JavaScript, kept as text.
 */
const LOAD_SCRIPTS_AFTER_PAINT = `function (hrefs, type, deferredRel, perTask) {
  var later = window.scheduler && window.scheduler.postTask
    ? function (task) { window.scheduler.postTask(task); }
    : function (task) { setTimeout(task, 0); };
  function start() {
    var deferred = document.querySelector('script[type="' + type + '"]');
    if (!deferred) return;
    var script = document.createElement('script');
    script.type = 'module';
    script.textContent = deferred.textContent;
    deferred.parentNode.replaceChild(script, deferred);
  }
  function run() {
    document.querySelectorAll('link[rel="' + deferredRel + '"]').forEach(function (inert) {
      hrefs.push(inert.getAttribute('href'));
      inert.parentNode.removeChild(inert);
    });
    var next = 0;
    (function some() {
      for (var end = Math.min(next + perTask, hrefs.length); next < end; next++) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = hrefs[next];
        document.head.appendChild(link);
      }
      if (next < hrefs.length) later(some);
      else start();
    })();
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
 * tags are taken out of <head> and its module script is made inert, and a small inline loader at the end
 * of <body> adds the preloads back to <head> and runs the module script after the first frame. On a slow
 * network the HTML no longer shares the connection with JavaScript it does not need to paint. React's
 * hydration skips the loader and the re-added links, which the app does not render. A page without React
 * Router's module script is returned unchanged.
 */
export function deferScripts(html: string): string {
  if (!html.includes(ROUTER_MODULE_SCRIPT)) return html;
  const hrefs = modulePreloads(html);
  const withoutPreloads = html.replace(MODULEPRELOAD_LINK, '');
  const loader =
    `<script>(${LOAD_SCRIPTS_AFTER_PAINT})(${JSON.stringify(hrefs)},${JSON.stringify(DEFERRED_MODULE_TYPE)},` +
    `${JSON.stringify(DEFERRED_PRELOAD_REL)},${PRELOADS_PER_TASK})</script>`;
  return withoutPreloads
    .replace(ROUTER_MODULE_SCRIPT, `<script type="${DEFERRED_MODULE_TYPE}">`)
    .replace(LAST_BODY_END, `${loader}</body>`);
}

/** Razorpay Standard Checkout: its script, the iframe it opens, and the requests it makes. */
const RAZORPAY_SOURCES = {
  script: ['https://checkout.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  img: ['https://cdn.razorpay.com'],
} as const;

/**
 * The Content-Security-Policy of a page. The session token lives in localStorage, so this is what
 * stands between an injected script and a stolen session: scripts only from this origin or with the
 * hash of one of the page's own inline scripts (no 'unsafe-inline', no event-handler attributes);
 * requests only to this origin and the API (`config.apiOrigins`: PUBLIC_API_URL's origin, and outside
 * production its other loopback names); no plugins, no <base>, forms posted only here, and the page
 * framed by nobody. Styles allow inline (the inlined stylesheet, and the toasts' runtime <style>); they
 * cannot run code. Razorpay's hosts are allowed only when it is the payment provider.
 */
export function contentSecurityPolicy(config: Config, scriptHashes: readonly string[]): string {
  const razorpay = config.payment.provider === 'razorpay';
  const extra = (kind: keyof typeof RAZORPAY_SOURCES) => (razorpay ? RAZORPAY_SOURCES[kind] : []);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...scriptHashes, ...extra('script')],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', ...extra('img')],
    ['font-src', "'self'"],
    // CSP's source grammar has no IPv6 literal hosts (`http://[::1]:4000` is dropped with a console
    // error), so such an origin cannot be listed: a page opened at [::1] reaches the API by another name.
    [
      'connect-src',
      "'self'",
      ...config.apiOrigins.filter((origin) => !origin.includes('[')),
      ...extra('connect'),
    ],
    ['frame-src', ...(razorpay ? RAZORPAY_SOURCES.frame : ["'none'"])],
    ['frame-ancestors', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
  ];
  return directives.map((directive) => [...new Set(directive)].join(' ')).join('; ');
}

/** A one-year HSTS policy, sent by the web server in production (where it is served over HTTPS). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  /** The route's module and the chunks it imports (and, with split route modules, `clientLoaderModule`…). */
  module?: string;
  imports?: string[];
  [key: string]: unknown;
}

type ManifestRoutes = Record<string, ManifestRoute>;

/** A route path of the app split into segments (`:param` and a final `*` kept as written). */
type RoutePattern = readonly string[];

const MANIFEST_IMPORT = /import "(\/assets\/manifest-[^"]+\.js)"/;
const MANIFEST_PREFIX = 'window.__reactRouterManifest=';

/** React Router's route manifest in the build (the one the SPA fallback loads), by route id. */
export function readRouteManifest(root: string, fallbackHtml: string): ManifestRoutes {
  const href = MANIFEST_IMPORT.exec(fallbackHtml)?.[1];
  const file = href ? join(root, href) : undefined;
  if (!file || !existsSync(file)) {
    throw new Error(`The built web has no route manifest (${SPA_FALLBACK} imports none): rebuild it.`);
  }
  const text = readFileSync(file, 'utf8').trim();
  if (!text.startsWith(MANIFEST_PREFIX)) throw new Error(`Unexpected route manifest format in ${file}`);
  const manifest = JSON.parse(text.slice(MANIFEST_PREFIX.length).replace(/;$/, '')) as {
    routes: ManifestRoutes;
  };
  return manifest.routes;
}

/** The full path of `route` (its parents' paths, then its own), split into segments. */
function routeSegments(routes: ManifestRoutes, route: ManifestRoute | undefined): string[] {
  if (!route) return [];
  const own = (route.path ?? '').split('/').filter(Boolean);
  return [...routeSegments(routes, route.parentId ? routes[route.parentId] : undefined), ...own];
}

/**
 * The full path of every route of the app, from React Router's route manifest in the build, except the
 * catch-all `*` that sends unknown paths to /login: a page path that matches none of them is unknown.
 */
export function appRoutePatterns(routes: ManifestRoutes): RoutePattern[] {
  const patterns = new Map<string, RoutePattern>();
  for (const route of Object.values(routes)) {
    const segments = routeSegments(routes, route);
    if (segments.length === 1 && segments[0] === '*') continue;
    patterns.set(segments.join('/'), segments);
  }
  return [...patterns.values()];
}

/**
 * The scripts of the routes that render `pathname` (decoded, no trailing slash), below the root: the
 * deepest route whose path it is (a splat only when no other route matches) and its parents, each with
 * its module, its split modules (client loader…) and their imports. The SPA fallback names only the
 * root's; without these the router would find the page's scripts only once its own had run.
 */
export function routeModulePreloads(routes: ManifestRoutes, pathname: string): string[] {
  let best: { route: ManifestRoute; splat: boolean; depth: number } | undefined;
  for (const route of Object.values(routes)) {
    if (route.id === 'root') continue;
    const segments = routeSegments(routes, route);
    if (segments.length === 1 && segments[0] === '*') continue;
    if (!matchesRoute(pathname, [segments])) continue;
    const splat = segments.at(-1) === '*';
    let depth = 0;
    for (let parent = route.parentId; parent; parent = routes[parent]?.parentId) depth += 1;
    if (!best || (best.splat && !splat) || (best.splat === splat && depth > best.depth)) {
      best = { route, splat, depth };
    }
  }
  const hrefs = new Set<string>();
  for (let route = best?.route; route && route.id !== 'root';) {
    for (const [key, value] of Object.entries(route)) {
      if ((key === 'module' || key.endsWith('Module')) && typeof value === 'string') hrefs.add(value);
    }
    for (const href of route.imports ?? []) hrefs.add(href);
    route = route.parentId ? routes[route.parentId] : undefined;
  }
  return [...hrefs];
}

/** Whether `pathname` (decoded, no trailing slash) is a path of one of `patterns`. */
export function matchesRoute(pathname: string, patterns: readonly RoutePattern[]): boolean {
  const segments = pathname.split('/').filter(Boolean);
  return patterns.some((pattern) => {
    for (const [index, part] of pattern.entries()) {
      if (part === '*') return true;
      const segment = segments[index];
      if (segment === undefined) return pattern.slice(index).every((rest) => rest.endsWith('?'));
      if (!part.startsWith(':') && part.replace(/\?$/, '') !== segment) return false;
    }
    return segments.length === pattern.length;
  });
}

function cacheControlFor(sent: string): string {
  // A precompressed copy (`x.js.br`, scripts/precompress.mjs) is cached as the file it encodes.
  const path = sent.replace(/\.(?:br|gz)$/, '');
  if (path.includes(`${sep}assets${sep}`)) return 'public, max-age=31536000, immutable';
  // The service worker too: a browser checks it on every visit, so a new one takes over at once.
  if (path.endsWith('.html') || path.endsWith(`${sep}sw.js`)) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * The web server on PORT: the built React Router app from WEB_DIST, compressed (br, gzip: the build's
 * precompressed copies of its files, else as sent).
 * Hashed /assets/* are cached forever, HTML is revalidated. A path with a prerendered page
 * (`/products/x` → `products/x/index.html`) gets that page; a path of one of the app's other routes (the
 * back office) gets React Router's SPA fallback; any other page path gets the SPA fallback too, which
 * sends the visitor to /login, but with status 404, so crawlers and monitors see that it does not exist.
 * Every page carries its own Content-Security-Policy (its inline scripts' hashes); in production every
 * response carries HSTS.
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
  // One log line per request, as the API (logger.ts, LOG_REQUESTS and LOG_SLOW_MS).
  const app = Fastify({
    loggerInstance: options.logger,
    logController: new RequestLineLogController(undefined, config),
  });
  const pages = loadHtmlPages(root, config);
  const fallback = pages.get(SPA_FALLBACK) as HtmlPage;
  const manifest = readRouteManifest(root, fallback.html);
  const routes = appRoutePatterns(manifest);
  const fallbackPreloads = new Set(fallback.preloads);
  /**
   * The SPA fallback for a route path: with the preloads of that page's own scripts (routeModulePreloads),
   * made after the first paint like the fallback's own.
   */
  const fallbackFor = (pathname: string): string => {
    const links = routeModulePreloads(manifest, pathname)
      .filter((href) => !fallbackPreloads.has(href))
      .map((href) => `<link rel="${DEFERRED_PRELOAD_REL}" href="${href}"/>`)
      .join('');
    return links ? fallback.html.replace('</head>', `${links}</head>`) : fallback.html;
  };
  const policies = new Map(
    [...pages].map(([file, page]) => [file, contentSecurityPolicy(config, page.scriptHashes)]),
  );
  const sendPage = (reply: FastifyReply, file: string, status = 200, html = pages.get(file)?.html) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', policies.get(file))
      .send(html);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    if (config.isProduction) reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
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
    // The build writes a brotli and a gzip copy of each text file (scripts/precompress.mjs): sent as they
    // are, at their best compression, with nothing compressed per request (the compress plugin leaves an
    // encoded reply alone). A file without copies is compressed as it is sent, as before.
    preCompressed: true,
    // HTML pages are answered from memory (config inlined, scripts deferred, with their policy) below.
    index: false,
    redirect: false,
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlFor(path));
    },
  });

  // Page paths (no file extension) are answered from memory: a prerendered page when the build has
  // one (`/products/x` → `products/x/index.html`), else React Router's SPA fallback (404 when no route
  // of the app has that path). An .html file of the build is answered from memory too (never raw, without
  // its policy). Other files go to @fastify/static.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const pathname = (request.url.split('?')[0] ?? '/').replace(/\/+$/, '') || '/';
    const html = /\.html$/i.test(pathname);
    if (!html && /\.[a-z0-9]+$/i.test(pathname)) return;
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return reply.code(400).type('text/plain').send('Bad request');
    }
    const relative = normalize(html ? decoded : join(decoded, 'index.html'))
      .replace(/^[/\\]+/, '')
      .split(sep)
      .join('/');
    if (pages.has(relative)) return sendPage(reply, relative);
    if (html) return reply.code(404).type('text/plain').send('Not found');
    if (!matchesRoute(decoded, routes)) return sendPage(reply, SPA_FALLBACK, 404);
    return sendPage(reply, SPA_FALLBACK, 200, fallbackFor(decoded));
  });

  // A missing file (an old asset, a typo) is a real 404, not the app.
  app.setNotFoundHandler(async (_request, reply) => reply.code(404).type('text/plain').send('Not found'));

  await app.ready();
  return app;
}
