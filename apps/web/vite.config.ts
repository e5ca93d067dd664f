import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The installable app (issue 34, ADR 070): the web app manifest, and the service worker built from
 * pwa/sw.ts (Workbox, injectManifest) to /sw.js with the build's scripts, styles and icons to precache.
 * HTML is not precached: the web server inlines the runtime configuration into it (the worker keeps the
 * pages it is sent instead). The app registers the worker itself (lib/service-worker.ts).
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'pwa',
  // React Router's client build (the plugin would otherwise write to Vite's default dist/).
  outDir: 'build/client',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'autoUpdate',
  manifestFilename: 'manifest.webmanifest',
  includeAssets: [],
  manifest: {
    id: '/dashboard',
    name: 'Isaac',
    short_name: 'Isaac',
    description: 'Clean air at home: your devices, air quality and installations.',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    background_color: '#0f172a',
    theme_color: '#0f172a',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    globDirectory: 'build/client',
    globPatterns: ['assets/**/*.{js,css}', 'icons/*.png', 'favicon.svg'],
    // The storefront's product photos are not the app shell.
    globIgnores: ['**/images/**'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
});

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    // The worker once, for the client build (the plugin reads only the top-level `build.ssr`).
    ...pwa.map((plugin) => ({
      ...plugin,
      applyToEnvironment: (env: { name: string }) => env.name === 'client',
    })),
  ],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  server: { port: 3000 },
  environments: {
    // Prerendering bundles every route into one server build, where a module imported both statically
    // and lazily is expected (static sections, ADR 011). The client build keeps the warning: there it
    // means a static section's code landed in a page chunk.
    ssr: { build: { rolldownOptions: { checks: { ineffectiveDynamicImport: false } } } },
  },
  build: {
    // React, React DOM, the scheduler and React Router in one chunk: every page needs all of them, one file
    // compresses better than five (−1.7 KB gzip on the landing) and changes only when they are upgraded.
    rolldownOptions: {
      // Rolldown reports plugins that take most of a build's time: React Router's own, and on a shared
      // machine the figure says more about the machine than the build. Not actionable here.
      checks: { pluginTimings: false },
      // Building a zod schema has no effect beyond its value (the contract registers nothing globally), so a
      // schema no module of the chunk uses is dropped instead of built on every page load.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
