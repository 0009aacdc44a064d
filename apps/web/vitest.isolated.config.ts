import { defineProject } from 'vitest/config';
import web, { MODULE_MOCK_FILES, RED_TEST } from './vitest.config.ts';

/**
 * The web test files that mock a module (module-mock-files.mjs), each isolated on worker threads:
 * in the `web` project's VM pool their mocks could reach other files' modules (vitest #11284).
 */
export default defineProject({
  ...web,
  test: {
    ...web.test,
    name: 'web-isolated',
    pool: 'threads',
    include: RED_TEST ? [] : MODULE_MOCK_FILES,
    exclude: [],
  },
});
