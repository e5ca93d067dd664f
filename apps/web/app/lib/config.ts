/**
 * Runtime configuration: the web server inlines `window.__ISAAC_CONFIG__ = {...}` at the top of every
 * HTML page it serves (also at GET /config.js), so one build serves any API host. Under `npm run dev`
 * there is none and the defaults apply.
 */
export interface RuntimeConfig {
  apiUrl: string;
  social: Partial<Record<'twitter' | 'facebook' | 'instagram' | 'linkedin' | 'youtube', string>>;
  /** True when the server seeded the demo accounts (DEMO on): /login then shows the demo sign-ins. */
  demo: boolean;
}

/** What the web server injects: the configuration, and whether the API answers under every loopback name. */
export interface InjectedConfig extends RuntimeConfig {
  /**
   * Outside production with a loopback PUBLIC_API_URL, the API accepts the web under every loopback name
   * (and the page's Content-Security-Policy lists the API under each): see `apiUrlForPage`.
   */
  apiLoopbackAliases: boolean;
}

declare global {
  interface Window {
    __ISAAC_CONFIG__?: Partial<InjectedConfig>;
  }
}

const DEFAULT_API_URL = 'http://localhost:4000';
/** The loopback names the page can be opened under and the API answers under (IPv6 aside, see below). */
const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1']);

/**
 * The API URL a page at `pageHostname` calls. When the API answers under every loopback name and both the
 * configured API and the page are on one (a page opened at http://127.0.0.1:3000, PUBLIC_API_URL
 * http://localhost:4000), the page's own name: calling another name would be a cross-site request, and
 * the browser would not send the CSRF cookie (SameSite), so signing in would fail. `[::1]` keeps the
 * configured name: a Content-Security-Policy cannot list an IPv6 literal origin.
 */
export function apiUrlForPage(
  apiUrl: string,
  loopbackAliases: boolean,
  pageHostname: string | undefined,
): string {
  const trimmed = apiUrl.replace(/\/$/, '');
  if (!loopbackAliases || pageHostname === undefined || !LOOPBACK_HOSTNAMES.has(pageHostname)) return trimmed;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return trimmed;
  }
  if (!LOOPBACK_HOSTNAMES.has(url.hostname) || url.hostname === pageHostname) return trimmed;
  url.hostname = pageHostname;
  return url.toString().replace(/\/$/, '');
}

export function runtimeConfig(): RuntimeConfig {
  const injected = typeof window === 'undefined' ? undefined : window.__ISAAC_CONFIG__;
  return {
    apiUrl: apiUrlForPage(
      injected?.apiUrl ?? DEFAULT_API_URL,
      injected?.apiLoopbackAliases === true,
      typeof window === 'undefined' ? undefined : window.location.hostname,
    ),
    social: injected?.social ?? {},
    demo: injected?.demo === true,
  };
}
