import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/core',
      'apps/server',
      'apps/web',
      // The lint rules' own tests (lint/boundaries.test.ts): ESLint's API on probe files.
      { test: { name: 'lint', include: ['lint/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
    ],
  },
});
