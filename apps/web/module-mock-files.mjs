/**
 * The web test files that mock a module with `vi.mock` (Puck: its editor needs a real browser).
 * The `web` project runs on a VM pool, where a module mock can reach another file's modules in
 * the same worker (vitest issue #11284): these files run in the `web-isolated` project on
 * threads, and lint refuses `vi.mock` in every other web test file (eslint.config.js).
 * Paths from the repository root.
 */
export const WEB_MODULE_MOCK_FILES = [
  'apps/web/src/features/website-builder/components/field-error.test.tsx',
  'apps/web/src/features/website-builder/components/page-editor.test.tsx',
  'apps/web/src/features/website-builder/lib/block-field-error.test.ts',
];
