import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'core',
    environment: 'node',
    // SHOPFRONT_RED_TEST: scripts/red-tests.mjs runs only the red fixture (docs/testing.md).
    include: process.env.SHOPFRONT_RED_TEST ? ['red-tests/fails.red-test.ts'] : ['src/**/*.test.ts'],
  },
});
