import type { Config } from '@react-router/dev/config';
import { PUBLIC_ROUTES } from './app/public-routes';

export default {
  appDirectory: 'app',
  ssr: false,
  // Every public page is prerendered to static HTML; the back office is served by the SPA fallback.
  // sitemap.xml and robots.txt are resource routes prerendered to static files.
  prerender: [...PUBLIC_ROUTES, '/sitemap.xml', '/robots.txt'],
  // React Router 8's behaviour, opted into now (no future-flag warnings at build time).
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
