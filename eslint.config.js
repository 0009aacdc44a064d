import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { serverLayerZones, webBoundaryZones, coreZones } from './lint/boundaries.js';
import { shopfrontPlugin } from './lint/rules/export-matches-file-name.js';
import { WEB_MODULE_MOCK_FILES } from './apps/web/module-mock-files.mjs';

const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/*-fixtures.ts', '**/*-fixtures.tsx'];

/**
 * Import direction (CONVENTIONS rule 7, decision 015). Zones are resolved paths, so `#src/` aliases,
 * relative imports and re-exports are all caught; `lint/boundaries.test.ts` proves each zone fires.
 */
const boundaries = [
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: 'tsconfig.json', noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      // No import cycles anywhere (type-only imports included: they still tie modules together).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./){2,}', message: 'Use the #src/ alias instead of climbing two or more folders.' },
            { regex: '^(#src/.*|\\.\\./[^/]+/.*)-fixtures(\\.tsx?)?$', message: "An area's fixtures are for its own tests: move shared fixtures to testing/." },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...serverLayerZones(), ...webBoundaryZones(), ...coreZones()] }] },
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/.artifacts/**', 'test-results/**', 'playwright-report/**', 'apps/server/drizzle/**', 'lint/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', { selector: 'TSEnumDeclaration', message: 'Use an `as const` object instead of enum (CONVENTIONS rule 8).' }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['apps/server/src/env.ts', 'apps/web/src/lib/env.ts', ...TEST_FILES, 'e2e/**', 'bench/**', 'lint/**', '**/vitest.config.ts', '**/vite.config.ts', 'playwright.config.ts', '**/drizzle.config.ts', 'apps/server/src/cli/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through env.ts only (CONVENTIONS rule 6).' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: { ...reactHooks.configs.flat.recommended.rules, 'react-hooks/exhaustive-deps': 'error' },
  },
  ...boundaries,
  {
    // The server's test files share each worker's module graph (apps/server/vitest.config.ts,
    // isolate: false), where a module mock would leak into, or miss, other files.
    files: ['apps/server/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'unmock', 'doUnmock'].map((property) => ({
          object: 'vi',
          property,
          message: 'Server tests share module graphs (isolate: false): pass the dependency (clock, generator, stand-in) instead of mocking a module.',
        })),
      ],
    },
  },
  {
    // The web project runs on a VM pool (apps/web/vitest.config.ts), where one file's module mock
    // can reach another file's modules in the same worker (vitest issue #11284). The files that
    // stand in for Puck run in the small `web-isolated` project on threads instead.
    files: ['apps/web/**/*.test.ts', 'apps/web/**/*.test.tsx'],
    ignores: WEB_MODULE_MOCK_FILES,
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'unmock', 'doUnmock'].map((property) => ({
          object: 'vi',
          property,
          message:
            'Web tests run on a VM pool, where a module mock can leak into other test files (vitest #11284): fake the server with fakeFunctions() (#src/testing/fake-functions.ts) or pass the dependency. A file that must mock a module goes in WEB_MODULE_MOCK_FILES (apps/web/vitest.config.ts runs those on threads).',
        })),
      ],
    },
  },
  {
    files: ['apps/server/src/functions/**/*.ts', 'apps/server/src/domain/**/*.ts'],
    ignores: [...TEST_FILES, '**/index.ts', '**/types.ts'],
    plugins: { shopfront: shopfrontPlugin },
    rules: { 'shopfront/export-matches-file-name': 'error' },
  },
);
