// Bundles the server (src/server.ts) into dist/server.js, and the re-seal command (src/keys/reseal-cli.ts,
// `npm run reseal`, ADR 052) into dist/reseal.js: Node ESM, npm packages left external
// (resolved from node_modules at run time), the workspace's TypeScript packages (@isaac/*) bundled in.
import { build } from 'esbuild';

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@isaac/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints: {
    server: new URL('./src/server.ts', import.meta.url).pathname,
    reseal: new URL('./src/keys/reseal-cli.ts', import.meta.url).pathname,
  },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'info',
});
