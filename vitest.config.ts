import os from 'node:os';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// One `npm test` runs every suite. Database-backed server suites run on the embedded
// PGlite always, and a second time on PostgreSQL when DATABASE_URL is set (CI sets it).
const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    root: './apps/server',
    include: ['src/**/*.test.ts'],
    // the cluster suites start real server processes: their own project below, only with PostgreSQL and Redis
    exclude: [...configDefaults.exclude, 'src/**/*.cluster.test.ts'],
    environment: 'node',
    env,
    // one database migrated and seeded per run; each suite starts from a copy (docs/testing.md)
    globalSetup: ['./src/test/seeded-database.ts'],
    // Files share their worker's modules: the app's module graph is imported once per worker, not once per
    // file (that import was most of a file's time). Each file still builds its own server on its own
    // database; a file that mocks a module imports the app afresh (brand-trading-audit.test.ts).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const projects: TestProjectInlineConfiguration[] = [
  { test: { name: 'domain', root: './packages/domain', include: ['src/**/*.test.ts'], environment: 'node' } },
  serverProject('server:pglite', { TEST_DB: 'pglite' }),
  {
    test: {
      name: 'web',
      root: './apps/web',
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'happy-dom',
      setupFiles: ['./src/test/setup.ts'],
      // Screens rendered with user-event typing take a few seconds on a busy 2-core machine.
      testTimeout: 20_000,
    },
  },
];

// CI sets REQUIRE_SERVICES=1: a missing PostgreSQL or Redis must fail the run, not skip suites.
if (process.env.REQUIRE_SERVICES === '1') {
  for (const name of ['DATABASE_URL', 'REDIS_URL']) {
    if (!process.env[name]) throw new Error(`REQUIRE_SERVICES=1 but ${name} is not set`);
  }
}

if (process.env.DATABASE_URL) {
  projects.push(serverProject('server:postgres', { TEST_DB: 'postgres' }));
}

// Clusters of real server processes (scripts/cluster.mjs) on PostgreSQL and Redis. One file at a time
// (fileParallelism false puts them in vitest's sequential group, after the other projects): each starts three
// nodes under load and kills one, which two shared cores cannot do twice at once.
if (process.env.DATABASE_URL && process.env.REDIS_URL) {
  projects.push({
    test: {
      name: 'cluster',
      root: './apps/server',
      include: ['src/**/*.cluster.test.ts'],
      environment: 'node',
      env: { TEST_DB: 'postgres' },
      fileParallelism: false,
      testTimeout: 180_000,
      hookTimeout: 180_000,
    },
  });
}

export default defineConfig({
  test: {
    projects,
    // vitest's default is one worker less than the cores: one file at a time on a 2-core machine, one core idle
    // while a file waits on PostgreSQL. At least two files at a time; the cluster project stays one at a time.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    reporters: process.env.VITEST_JSON
      ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]]
      : ['default'],
  },
});
