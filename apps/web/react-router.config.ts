import type { Config } from '@react-router/dev/config';
import { PUBLIC_ROUTES } from './app/public-routes';

export default {
  appDirectory: 'app',
  ssr: false,
  // Every public page is prerendered to static HTML; the back office is served by the SPA fallback.
  // sitemap.xml and robots.txt are resource routes prerendered to static files.
  prerender: [...PUBLIC_ROUTES, '/sitemap.xml', '/robots.txt'],
  // React Router 8: middleware, split route modules, the Vite Environment API, pass-through requests and
  // trailing-slash-aware .data URLs are the default behaviour; there are no future flags left to set.
} satisfies Config;
