import react from '@vitejs/plugin-react';
import { configDefaults, defineProject } from 'vitest/config';
import { WEB_MODULE_MOCK_FILES } from './module-mock-files.mjs';

/** SHOPFRONT_RED_TEST: scripts/red-tests.mjs runs only the red fixture (docs/testing.md). */
export const RED_TEST = Boolean(process.env.SHOPFRONT_RED_TEST);

/** The files that mock a module, from this project's root. */
export const MODULE_MOCK_FILES = WEB_MODULE_MOCK_FILES.map((path) => path.replace(/^apps\/web\//, ''));

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // A fresh VM context and DOM per file on long-lived workers: jsdom and vitest's runtime load
    // once per worker instead of once per file (about half the project's time on two cores), and
    // src/testing/setup.ts refuses to run two files in one context. Module mocks are not safe: one
    // file's `vi.mock` factory can reach another file's modules in the same worker (vitest issue
    // #11284), so tests fake the server at `fetch` (src/testing/fake-functions.ts), lint refuses
    // `vi.mock`, and the few files that must mock a module run in `web-isolated`
    // (vitest.isolated.config.ts) on threads.
    pool: 'vmThreads',
    include: RED_TEST ? ['red-tests/fails.red-test.tsx'] : ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...MODULE_MOCK_FILES],
    setupFiles: ['./src/testing/setup.ts'],
    // Room for a few of the 5 s waits of src/testing/setup.ts in one test.
    testTimeout: 15_000,
  },
});
