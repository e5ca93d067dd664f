import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files run in parallel (as many workers as cores less one): every test app has a database of
          // its own (an in-memory PGlite, or a PostgreSQL database created for it and dropped after) and
          // listens, when it listens, on a port the system picks.
          pool: 'forks',
          // Migrates one database per run; each test app starts from a copy of it.
          globalSetup: ['src/test/global-setup.ts'],
        },
      },
      { test: { name: 'scripts', root: 'scripts', include: ['**/*.test.mjs'], environment: 'node' } },
      './apps/web/vitest.config.ts',
    ],
  },
});
