import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Both cores: server tests wait on PostgreSQL and child processes as much as they compute.
    maxWorkers: 2,
    projects: [
      'packages/core',
      'apps/server',
      'apps/web',
      // The few web test files that mock a module, on threads (apps/web/module-mock-files.mjs).
      'apps/web/vitest.isolated.config.ts',
      // The lint rules' own tests (lint/boundaries.test.ts): ESLint's API on probe files.
      {
        test: {
          name: 'lint',
          // SHOPFRONT_RED_TEST: scripts/red-tests.mjs runs only the red fixture (docs/testing.md).
          include: process.env.SHOPFRONT_RED_TEST ? ['lint/red-tests/fails.red-test.ts'] : ['lint/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
    ],
  },
});
