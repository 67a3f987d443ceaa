// Bundles the server (and the domain package it imports) into dist/. npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  // @openbroker/domain is a workspace of TypeScript sources: bundle it instead of importing at run time.
  plugins: [
    {
      name: 'bundle-workspace',
      setup(b) {
        b.onResolve({ filter: /^@openbroker\// }, (args) => ({
          path: new URL(`../../packages/${args.path.split('/')[1]}/src/index.ts`, import.meta.url).pathname,
        }));
      },
    },
  ],
});
