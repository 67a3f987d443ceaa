#!/usr/bin/env node
/**
 * Bundle budgets, run in CI after `npm run build`: `npm run budgets`.
 *
 * Reads the web build's Vite manifest (apps/web/dist/.vite/manifest.json) and, for the public home page
 * (the entry) and for each lazily loaded route, adds up the brotli-compressed JavaScript loaded by static
 * imports: what the browser must fetch before the screen can render. Dynamic imports inside a screen
 * (the chart, the map) load afterwards and are not counted. Checks:
 *   - public home page ≤ 150 KiB, `/platform` (entry + terminal) ≤ 350 KiB;
 *   - no back-office chunk is in the static import graph of the public pages or of any client route.
 * Prints a table and exits 1 on a breach.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(root, process.argv[2] ?? 'apps/web/dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');

const KiB = 1024;
const BUDGETS = {
  home: 150 * KiB,
  platform: 350 * KiB,
};
/**
 * The home page misses its 150 KiB target today (240.6 KiB: React and the router alone are 83 KiB, the four
 * languages' texts 27 KiB, decimal.js and zod come with the domain modules the site shares; the cause and the
 * way down are in docs/benchmarks.md, "Web delivery"). Until it is met, CI fails above this ceiling, so the page
 * cannot grow unnoticed, and prints the missed target as a warning. The ceilings are what every page carries today:
 * the English refusals of accounts, transfers and compliance, the appropriateness test's and source-of-funds texts in
 * four languages, the header's "Try a demo". Per-language and per-area message chunks are the way back down.
 */
const CEILINGS = {
  home: 241 * KiB,
  platform: 354 * KiB,
};
const PLATFORM_SRC = 'src/features/platform/PlatformPage.tsx';
/** The client area's layout route (lazy too): every client screen loads it first. */
const PROTECTED_SRC = 'src/app/ProtectedLayout.tsx';
const CLIENT_AREA = /^src\/features\/(platform|account|referrals|transactions|auto-trading|payments)\//;
const isBackoffice = (key, chunk) =>
  (chunk.src ?? key).startsWith('src/features/backoffice/') || /backoffice/i.test(chunk.name ?? '');

if (!fs.existsSync(manifestPath)) {
  console.error(`No manifest at ${path.relative(root, manifestPath)}: run \`npm run build\` first.`);
  process.exit(1);
}
/** @type {Record<string, {file: string, src?: string, name?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], dynamicImports?: string[]}>} */
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

const sizeCache = new Map();
/** Brotli size of a built file: its .br sibling when the build wrote one, else compressed here. */
function brotliSize(file) {
  if (!sizeCache.has(file)) {
    const full = path.join(dist, file);
    const size = fs.existsSync(`${full}.br`)
      ? fs.statSync(`${full}.br`).size
      : zlib.brotliCompressSync(fs.readFileSync(full), {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
        }).length;
    sizeCache.set(file, size);
  }
  return sizeCache.get(file);
}

/** Manifest keys loaded by static imports from `keys` (themselves included). */
function staticGraph(keys) {
  const seen = new Set();
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop();
    if (seen.has(key)) continue;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) stack.push(next);
  }
  return seen;
}

const jsBytes = (keys) =>
  [...keys]
    .filter((key) => manifest[key].file.endsWith('.js'))
    .reduce((sum, key) => sum + brotliSize(manifest[key].file), 0);

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('The manifest has no entry chunk.');
  process.exit(1);
}
const entryGraph = staticGraph([entryKey]);
const routeKeys = manifest[entryKey].dynamicImports ?? [];
const platformKey = routeKeys.find((key) => (manifest[key].src ?? key) === PLATFORM_SRC);
const protectedKey = routeKeys.find((key) => (manifest[key].src ?? key) === PROTECTED_SRC);

const rows = [];
const breaches = [];
/** Targets not met yet but under their ceiling: printed, not failed. */
const missed = [];
const backofficeIn = (graph) => [...graph].filter((key) => isBackoffice(key, manifest[key]));

// The public home page: the entry and what it imports statically.
{
  const bytes = jsBytes(entryGraph);
  const ok = bytes <= BUDGETS.home;
  rows.push({ route: '/ (public home)', chunks: entryGraph.size, bytes, budget: BUDGETS.home, ok });
  if (bytes > CEILINGS.home)
    breaches.push(
      `public home page loads ${kib(bytes)} of compressed JavaScript, above its ceiling of ${kib(CEILINGS.home)} (target ${kib(BUDGETS.home)})`,
    );
  else if (!ok)
    missed.push(
      `public home page loads ${kib(bytes)} of compressed JavaScript: target ${kib(BUDGETS.home)} missed (CI ceiling ${kib(CEILINGS.home)}; see docs/benchmarks.md, "Web delivery")`,
    );
  for (const key of backofficeIn(entryGraph))
    breaches.push(`back-office chunk ${manifest[key].file} is on the public home page`);
}

// Each lazily loaded route: the entry plus the route's own static graph (and the client area's layout).
for (const key of routeKeys) {
  const chunk = manifest[key];
  const inClientArea = CLIENT_AREA.test(chunk.src ?? '') || /TransactionsPage/.test(key);
  const graph = staticGraph(inClientArea && protectedKey ? [entryKey, protectedKey, key] : [entryKey, key]);
  const bytes = jsBytes(graph);
  const isPlatform = key === platformKey;
  const budget = isPlatform ? BUDGETS.platform : undefined;
  const ok = budget === undefined || bytes <= budget;
  const label = isPlatform ? '/platform' : (chunk.src ?? key).replace(/^src\/features\//, '');
  rows.push({ route: label, chunks: graph.size, bytes, budget, ok });
  if (isPlatform && bytes > CEILINGS.platform)
    breaches.push(
      `${label} loads ${kib(bytes)} of compressed JavaScript, above its ceiling of ${kib(CEILINGS.platform)} (target ${kib(budget)})`,
    );
  else if (isPlatform && !ok)
    missed.push(
      `${label} loads ${kib(bytes)} of compressed JavaScript: target ${kib(budget)} missed (CI ceiling ${kib(CEILINGS.platform)})`,
    );
  else if (!ok)
    breaches.push(`${label} loads ${kib(bytes)} of compressed JavaScript (budget ${kib(budget)})`);
  if (!isBackoffice(key, chunk)) {
    for (const bo of backofficeIn(graph))
      breaches.push(`back-office chunk ${manifest[bo].file} is loaded by ${label}`);
  }
}
if (!platformKey)
  breaches.push(`no lazily loaded chunk for ${PLATFORM_SRC}: is /platform still a lazy route?`);

function kib(bytes) {
  return `${(bytes / KiB).toFixed(1)} KiB`;
}

console.log('Compressed (brotli) JavaScript loaded by static imports, per route');
console.log(
  `${'route'.padEnd(44)} ${'chunks'.padStart(6)} ${'brotli'.padStart(11)} ${'budget'.padStart(11)}  ok`,
);
for (const row of rows) {
  console.log(
    `${row.route.padEnd(44)} ${String(row.chunks).padStart(6)} ${kib(row.bytes).padStart(11)} ${(row.budget ? kib(row.budget) : '-').padStart(11)}  ${row.ok ? 'yes' : 'NO'}`,
  );
}
if (missed.length > 0)
  console.warn(`\nTargets not met yet:\n${missed.map((line) => `  - ${line}`).join('\n')}`);
if (breaches.length > 0) {
  console.error(`\nBudget breaches:\n${breaches.map((line) => `  - ${line}`).join('\n')}`);
  process.exit(1);
}
console.log(
  missed.length > 0
    ? '\nNo budget above its ceiling; the back office loads only under /backoffice.'
    : '\nAll bundle budgets met; the back office loads only under /backoffice.',
);
