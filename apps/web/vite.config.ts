import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { themeBootScript } from './src/app/themeBoot.js';

const API_TARGET = 'http://localhost:3000';

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
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            {
              name: 'ui',
              test: /node_modules[\\/](react-bootstrap|@restart|@popperjs|dom-helpers|@react-aria|react-transition-group|@babel)[\\/]/,
              priority: 20,
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
            {
              name: 'rules',
              test: /(packages[\\/]domain|node_modules[\\/](zod|decimal\.js|libphonenumber-js))[\\/]/,
              priority: 20,
            },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
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
