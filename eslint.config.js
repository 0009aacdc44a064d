import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const MODES = ['landing', 'dashboard', 'storefront', 'website', 'members'];

/** CONVENTIONS rule 7: imports flow one way (core → features → modes; web never imports server). */
const importDirection = [
  {
    files: ['packages/core/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/**', '@shopfront/server', '@shopfront/web'], message: 'core imports neither web nor server.' }] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/server/**', '@shopfront/server'], message: 'The web app never imports server code.' }] }],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/modes/**', '**/apps/server/**', '@shopfront/server'], message: 'features, components and lib do not import modes.' }] }],
    },
  },
  ...MODES.map((mode) => ({
    files: [`apps/web/src/modes/${mode}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: MODES.filter((m) => m !== mode).map((m) => `**/modes/${m}/**`), message: 'Modes do not import each other.' },
            { group: ['**/apps/server/**', '@shopfront/server'], message: 'The web app never imports server code.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/web/**', '@shopfront/web'], message: 'The server never imports web code.' }] }],
    },
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/.artifacts/**', 'test-results/**', 'playwright-report/**', 'apps/server/drizzle/**'] },
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
    ignores: ['apps/server/src/env.ts', 'apps/web/src/lib/env.ts', '**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**', '**/vitest.config.ts', '**/vite.config.ts', 'playwright.config.ts', '**/testing/**', '**/drizzle.config.ts', 'apps/server/src/cli/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through env.ts only (CONVENTIONS rule 6).' }],
    },
  },
  ...importDirection,
);
