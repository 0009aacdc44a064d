import { defineProject } from 'vitest/config';

const redTest = process.env.SHOPFRONT_RED_TEST;

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    // SHOPFRONT_RED_TEST: scripts/red-tests.mjs runs only a red fixture, or the green one beside
    // another project's red fixture (docs/testing.md).
    include: redTest ? [redTest === 'server' ? 'red-tests/fails.red-test.ts' : 'red-tests/passes.red-test.ts'] : ['src/**/*.test.ts'],
    // One embedded PostgreSQL for the run, with a migrated template database (src/testing/).
    globalSetup: ['./src/testing/global-setup.ts'],
    // Files share each worker's module graph (no module mocks here, and every file builds its own
    // app on its own database): the server's imports load once per worker, not once per file.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
