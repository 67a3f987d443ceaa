import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type Rollup } from 'vite';
import { themeBootScript } from './src/shared/preferences/themeBoot.js';

const API_TARGET = 'http://localhost:3000';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/;

/**
 * Writes `.br` and `.gz` next to every text asset of the build, once, at the strongest
 * settings: the server hands them out as they are (@fastify/static `preCompressed`), so no request pays
 * for compression. Files that do not shrink are left alone.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'openbroker-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true })).filter(
        (file) => COMPRESSIBLE.test(file) && !file.startsWith('.vite'),
      );
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const body = await fs.readFile(full);
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < body.length) await fs.writeFile(`${full}.br`, br);
          if (gz.length < body.length) await fs.writeFile(`${full}.gz`, gz);
        }),
      );
    },
  };
}

/** The modules whose files the service worker keeps for offline use: the terminal and the client area's layout. */
const OFFLINE_ROUTES = ['src/features/platform/PlatformPage.tsx', 'src/app/ProtectedLayout.tsx'];

/**
 * Builds the service worker (src/sw/sw.ts) into `/sw.js` at the root of the build, not hashed (its address
 * is fixed), with the build's version and the files of the entry and the terminal in front of it: a new
 * deploy is a new worker with a new cache.
 */
function serviceWorker(): Plugin {
  let root = '';
  return {
    name: 'openbroker-service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is Rollup.OutputChunk => file.type === 'chunk',
      );
      const files = new Set<string>();
      const add = (chunk: Rollup.OutputChunk | undefined) => {
        if (!chunk || files.has(chunk.fileName)) return;
        files.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const imported of chunk.imports) add(chunks.find((c) => c.fileName === imported));
      };
      add(chunks.find((chunk) => chunk.isEntry));
      for (const route of OFFLINE_ROUTES)
        add(chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(route)));
      const version = createHash('sha256')
        .update(Object.keys(bundle).sort().join('\n'))
        .digest('hex')
        .slice(0, 12);
      const output = await build({
        configFile: false,
        root,
        logLevel: 'warn',
        publicDir: false,
        build: {
          write: false,
          minify: true,
          lib: { entry: path.join(root, 'src/sw/sw.ts'), formats: ['iife'], name: 'openbrokerWorker' },
        },
      });
      const [result] = Array.isArray(output) ? output : [output];
      const code = result && 'output' in result ? result.output[0].code : undefined;
      if (!code) throw new Error('the service worker did not build');
      const precache = [...files].sort().map((file) => `/${file}`);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: `const SW_BUILD=${JSON.stringify({ version, precache })};\n${code}`,
      });
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    {
      // The theme and language must be on <html> before the first paint (no light flash in dark mode),
      // so a tiny inline script runs in <head>; its source comes from the same module the app uses.
      name: 'openbroker-theme-boot',
      transformIndexHtml: (html) =>
        html.replace('<!--theme-boot-->', `<script>${themeBootScript()}</script>`),
    },
    serviceWorker(),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bundle-budgets.mjs reads the static import graph of each entry from it.
    manifest: true,
    rolldownOptions: {
      // The domain package is pure rules (no I/O, nothing runs on import), but its barrel index would
      // otherwise pull every rule and schema (phone metadata, decimal.js) into whatever imports one name.
      treeshake: {
        moduleSideEffects: (id) => (/[\\/]packages[\\/]domain[\\/]src[\\/]/.test(id) ? false : undefined),
      },
      output: {
        // React changes far less often than the app: its own chunk stays cached across releases. Everything
        // else is split along the import graph, so a route's libraries load with that route (
        // catch-all vendor/ui/rules groups would put the trading and payment libraries on the home page).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            {
              // Only the trading screen's chart needs it; the chunk loads with the chart.
              name: 'chart',
              test: /node_modules[\\/](lightweight-charts|fancy-canvas)[\\/]/,
              priority: 25,
            },
            {
              // Only content pages with a map need it; the chunk loads with the map.
              name: 'map',
              test: /node_modules[\\/](leaflet|react-leaflet|@react-leaflet)[\\/]/,
              priority: 25,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
});
