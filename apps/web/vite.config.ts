import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

/**
 * React Router's build starts a child Vite compiler with our plugins and `envFile: false`, which Vite 8
 * deprecates in favour of `envDir: false` (same meaning: no .env files) and warns about on every build.
 */
function noEnvFiles(): Plugin {
  return {
    name: 'isaac:no-env-files',
    config(config) {
      // Vite's types no longer declare the option; it is still read (and warned about) at run time.
      const legacy = config as UserConfig & { envFile?: false };
      if (legacy.envFile === false) {
        delete legacy.envFile;
        config.envDir = false;
      }
    },
  };
}

export default defineConfig({
  plugins: [noEnvFiles(), tailwindcss(), reactRouter()],
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
