#!/usr/bin/env node
/**
 * No import cycles between areas (part of `npm run layers`, checked in CI). dependency-cruiser finds every import
 * (the same configuration as the file rules); this groups the files into areas and fails on a cycle between two
 * or more of them, printing the imports that close it.
 *
 * An area:
 * - server: a business area's own files (`modules/<area>/`, with its helper folders such as `content/starter`) and,
 *   apart, its back-office part (`modules/<area>/admin/`), which composes the area with the staff policy and
 *   other areas' services; every other folder (`engine`, `market`, `cluster`, `realtime`, `lib`, `db`, `seed`, …)
 *   is one area, and each file at the top of `src/` (app, main, runtime, config, http, the CLI) is its own;
 * - web: a feature (`features/<feature>/`, all of it: what is inside one feature is its own business), a shared
 *   topic (`shared/<topic>/`), `lib`, `ui`, `api`, the shell (`app/`);
 * - the domain package is one area.
 * Test files, test kits and the test folders are left out: they drive the product from outside.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOTS = ['apps/server/src', 'apps/web/src', 'packages/domain/src'];
const TEST_SUPPORT = /(\.test\.tsx?$|\/test\/|[Tt]est[Kk]it|test-kit)/;

/** The area a product file belongs to, or undefined for files outside the checked roots. */
export function areaOf(file) {
  if (file.startsWith('packages/domain/src/')) return 'domain';
  let match = /^apps\/server\/src\/modules\/([^/]+)\/(admin\/)?/.exec(file);
  if (match) return `server:modules/${match[1]}${match[2] ? '/admin' : ''}`;
  match = /^apps\/server\/src\/([^/]+)\//.exec(file);
  if (match) return `server:${match[1]}`;
  match = /^apps\/server\/src\/([^/]+)$/.exec(file);
  if (match) return `server:${match[1]}`;
  match = /^apps\/web\/src\/(features|shared)\/([^/]+)\//.exec(file);
  if (match) return `web:${match[1]}/${match[2]}`;
  match = /^apps\/web\/src\/([^/]+)\//.exec(file);
  if (match) return `web:${match[1]}`;
  match = /^apps\/web\/src\/([^/]+)$/.exec(file);
  if (match) return `web:${match[1]}`;
  return undefined;
}

/** The strongly connected groups of areas (Tarjan), each with more than one area: the cycles. */
export function areaCycles(modules) {
  const edges = new Map();
  const why = new Map();
  for (const module of modules) {
    if (TEST_SUPPORT.test(module.source)) continue;
    const from = areaOf(module.source);
    if (!from) continue;
    for (const dependency of module.dependencies) {
      if (TEST_SUPPORT.test(dependency.resolved)) continue;
      const to = areaOf(dependency.resolved);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
      const key = `${from} -> ${to}`;
      if (!why.has(key)) why.set(key, `${module.source} -> ${dependency.resolved}`);
    }
  }
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let counter = 0;
  const visit = (area) => {
    index.set(area, counter);
    low.set(area, counter);
    counter += 1;
    stack.push(area);
    onStack.add(area);
    for (const next of edges.get(area) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(area, Math.min(low.get(area), low.get(next)));
      } else if (onStack.has(next)) low.set(area, Math.min(low.get(area), index.get(next)));
    }
    if (low.get(area) === index.get(area)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== area);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const area of edges.keys()) if (!index.has(area)) visit(area);
  return groups.map((group) => ({
    areas: group,
    imports: group.flatMap((from) =>
      [...(edges.get(from) ?? [])]
        .filter((to) => group.includes(to))
        .map((to) => why.get(`${from} -> ${to}`)),
    ),
  }));
}

function main() {
  const json = execFileSync(
    path.join(root, 'node_modules/.bin/depcruise'),
    ['--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...ROOTS],
    { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  const cycles = areaCycles(JSON.parse(json).modules);
  if (cycles.length === 0) {
    console.log('area cycles: none');
    return;
  }
  for (const cycle of cycles) {
    console.error(`area cycle: ${cycle.areas.join(', ')}`);
    for (const line of cycle.imports) console.error(`  ${line}`);
  }
  console.error(
    `${cycles.length} import cycle(s) between areas: each area gets what it uses from below, as arguments.`,
  );
  process.exitCode = 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
