import { defineConfig } from 'vitest/config';

// Browser journeys against the production build, started as `npm start` starts it.
export default defineConfig({
  test: {
    name: 'e2e',
    root: './e2e',
    include: ['specs/**/*.e2e.test.ts'],
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
