import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // Each file in a fresh VM context inside long-lived workers: jsdom and the libraries load once
    // per worker instead of once per file (about half the project's time on two cores). Module
    // mocks and globals stay per file, as with the default pool.
    pool: 'vmForks',
    // SHOPFRONT_RED_TEST: scripts/red-tests.mjs runs only the red fixture (docs/testing.md).
    include: process.env.SHOPFRONT_RED_TEST ? ['red-tests/fails.red-test.tsx'] : ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    // Room for a few of the 5 s waits of src/testing/setup.ts in one test.
    testTimeout: 15_000,
  },
});
