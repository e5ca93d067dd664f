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

declare global {
  interface Window {
    __ISAAC_CONFIG__?: Partial<RuntimeConfig>;
  }
}

const DEFAULT_API_URL = 'http://localhost:4000';

export function runtimeConfig(): RuntimeConfig {
  const injected = typeof window === 'undefined' ? undefined : window.__ISAAC_CONFIG__;
  return {
    apiUrl: (injected?.apiUrl ?? DEFAULT_API_URL).replace(/\/$/, ''),
    social: injected?.social ?? {},
    demo: injected?.demo === true,
  };
}
