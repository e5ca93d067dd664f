import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['app/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./app/test-setup.ts'],
    isolate: false,
    // Loaded afresh for each file with the app's modules (app/test-setup.ts): its toasts are a module's store.
    server: { deps: { inline: ['react-hot-toast', 'goober'] } },
  },
});
