import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // Worker threads, each file isolated. Not the `vmForks`/`vmThreads` pools, although they set
    // jsdom up once per worker (about half the project's time on two cores): there one file's
    // `vi.mock` factory can reach another file's modules in the same worker (vitest issue #11284),
    // which failed the affiliates' commissions tests after the settings tests in one worker.
    pool: 'threads',
    // SHOPFRONT_RED_TEST: scripts/red-tests.mjs runs only the red fixture (docs/testing.md).
    include: process.env.SHOPFRONT_RED_TEST ? ['red-tests/fails.red-test.tsx'] : ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    // Room for a few of the 5 s waits of src/testing/setup.ts in one test.
    testTimeout: 15_000,
  },
});
