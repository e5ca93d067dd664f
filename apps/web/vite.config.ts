import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
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
