import { defineConfig } from 'vitest/config';

/**
 * The journeys CI runs a second time on PostgreSQL (`E2E_SUITE=money`): a client's money from the browser through
 * the database and back (card with 3-D Secure, a declined card, a wire credited by staff, a withdrawal request;
 * documents approved, a wire deposit approved, a withdrawal approved by two finance members). Every other journey,
 * and the screen-size tests inside these files, run once, on the embedded database; every server suite still runs on
 * both (`npm test`). docs/decisions/0030-e2e-on-postgres.md
 */
const moneyJourneys = ['payments', 'backoffice'].map((name) => `specs/${name}.e2e.test.ts`);

/** Screen-size and theme tests name the viewport they render (1366, 390 px). */
const layoutTest = /1366|390 px/;

const moneyOnly = process.env.E2E_SUITE === 'money';

// Browser journeys against the production build, started as `npm start` starts it.
export default defineConfig({
  test: {
    name: 'e2e',
    root: './e2e',
    include: moneyOnly ? moneyJourneys : ['specs/**/*.e2e.test.ts'],
    // a negative look-ahead: every test whose name does not name a viewport
    testNamePattern: moneyOnly ? new RegExp(`^(?!.*(${layoutTest.source}))`) : undefined,
    globalSetup: ['./support/global-setup.ts'],
    // One chromium on a 2-core machine: files run one after another.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A poll waits for what the page does next (an upload processed, a price arriving); on a loaded machine that
    // takes seconds, so polls wait up to 15 s unless they name their own limit (vitest's default is 1 s).
    expect: { poll: { timeout: 15_000 } },
    reporters: process.env.VITEST_JSON
      ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]]
      : ['default'],
  },
});
