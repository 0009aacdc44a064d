import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- the build's own scripts live beside src, not in it
import { barrelImports, declaredExports, firstScreenGroups } from '../../scripts/first-screen-chunks.mjs';

const app = (path: string) => `/repo/apps/web/src/${path}`;
const core = (path: string) => `/repo/packages/core/src/${path}`;
const pkg = (path: string) => `/repo/node_modules/${path}`;

/** A small app: the SPA entry, the dashboard and members modes, the storefront entry, a lazy dashboard page. */
const IMPORTS: Record<string, string[]> = {
  '/repo/apps/web/index.html': [app('main.tsx')],
  [app('main.tsx')]: [app('app/start.tsx'), pkg('react-dom/client.js')],
  [app('app/start.tsx')]: [app('lib/query-client.ts'), pkg('react-router/dist/index.mjs'), core('index.ts')],
  [app('lib/query-client.ts')]: [pkg('@tanstack/query-core/build/modern/queryClient.js')],
  [core('index.ts')]: [core('app-mode.ts'), core('functions/auth.ts')],
  [core('app-mode.ts')]: [core('host.ts')],
  [core('host.ts')]: [],
  [core('functions/auth.ts')]: [pkg('zod/index.js')],
  [app('modes/dashboard/routes.tsx')]: [app('modes/dashboard/layout.tsx'), app('lib/active-store.ts'), app('components/not-found.tsx'), app('components/ui/cn.ts')],
  [app('modes/dashboard/layout.tsx')]: [],
  [app('lib/active-store.ts')]: [],
  [app('components/not-found.tsx')]: [],
  [app('modes/members/routes.tsx')]: [app('components/not-found.tsx'), app('components/ui/cn.ts')],
  [app('modes/storefront/storefront-entry.tsx')]: [app('components/ui/cn.ts'), pkg('react-dom/client.js')],
  [app('components/ui/cn.ts')]: [],
  [app('modes/dashboard/pages/products-page.tsx')]: [app('lib/active-store.ts')],
};
const DYNAMIC: Record<string, string[]> = { [app('modes/dashboard/routes.tsx')]: [app('modes/dashboard/pages/products-page.tsx')] };

const groups = () =>
  firstScreenGroups({
    ids: Object.keys(IMPORTS),
    importsOf: (id) => IMPORTS[id] ?? [],
    dynamicImportsOf: (id) => DYNAMIC[id] ?? [],
    spaEntry: '/repo/apps/web/index.html',
    dashboardEntry: app('modes/dashboard/routes.tsx'),
    otherModeEntries: [app('modes/members/routes.tsx')],
    visitorEntries: [app('modes/storefront/storefront-entry.tsx')],
  });

describe('first-screen chunk groups', () => {
  it('puts the SPA entry’s app modules, its router and TanStack Query, and what the dashboard shares with another mode into the shell', () => {
    expect([...groups().shell].sort()).toEqual(
      [app('app/start.tsx'), app('lib/query-client.ts'), app('components/not-found.tsx'), core('app-mode.ts'), core('host.ts'), pkg('react-router/dist/index.mjs'), pkg('@tanstack/query-core/build/modern/queryClient.js')].sort(),
    );
  });

  it('never groups the entries themselves, react-dom, or core modules that bring a package (zod)', () => {
    const { shell, sharedUi, dashboardCommon } = groups();
    const grouped = new Set([...shell, ...sharedUi, ...dashboardCommon]);
    for (const id of ['/repo/apps/web/index.html', app('main.tsx'), app('modes/dashboard/routes.tsx'), pkg('react-dom/client.js'), core('index.ts'), core('functions/auth.ts'), pkg('zod/index.js')]) {
      expect(grouped.has(id), id).toBe(false);
    }
  });

  it('keeps what a storefront page also loads apart from the shell, so the storefront loads no SPA code', () => {
    expect([...groups().sharedUi]).toEqual([app('components/ui/cn.ts')]);
    expect(groups().shell.has(app('components/ui/cn.ts'))).toBe(false);
  });

  it('groups the dashboard’s own modules that its lazy pages share, and leaves the rest in the dashboard’s chunk', () => {
    const { shell, dashboardCommon } = groups();
    expect([...dashboardCommon]).toEqual([app('lib/active-store.ts')]);
    expect(shell.has(app('modes/dashboard/layout.tsx')) || dashboardCommon.has(app('modes/dashboard/layout.tsx'))).toBe(false);
  });

  it('with the names known, puts in the shell only the core modules whose names the SPA imports from the barrel', () => {
    const imports: Record<string, string[]> = {
      ...IMPORTS,
      [app('app/start.tsx')]: [app('lib/query-client.ts'), core('index.ts')],
      [core('index.ts')]: [core('app-mode.ts'), core('rules/card.ts'), core('functions/index.ts')],
      [core('functions/index.ts')]: [core('functions/course-messages.ts')],
      [core('functions/course-messages.ts')]: [core('messages.ts')],
      [core('rules/card.ts')]: [],
      [core('messages.ts')]: [],
    };
    const exports: Record<string, string[]> = {
      [core('app-mode.ts')]: ['resolveAppMode'],
      [core('host.ts')]: ['normalizeHost'],
      [core('rules/card.ts')]: ['CARD_MESSAGES'],
      [core('functions/course-messages.ts')]: ['COURSE_LIMITS'],
      [core('messages.ts')]: ['MESSAGES'],
    };
    const { shell } = firstScreenGroups({
      ids: Object.keys(imports),
      importsOf: (id) => imports[id] ?? [],
      dynamicImportsOf: (id) => DYNAMIC[id] ?? [],
      spaEntry: '/repo/apps/web/index.html',
      dashboardEntry: app('modes/dashboard/routes.tsx'),
      otherModeEntries: [app('modes/members/routes.tsx')],
      visitorEntries: [app('modes/storefront/storefront-entry.tsx')],
      barrelNamesOf: (id) => (id === app('app/start.tsx') ? ['resolveAppMode', 'MESSAGES'] : []),
      exportsOf: (id) => exports[id] ?? [],
    });
    // app-mode.ts by name, host.ts as its import, messages.ts by name; the card rules and course limits are a lazy page's business.
    expect([...shell].filter((id) => id.includes('/packages/core/')).sort()).toEqual([core('app-mode.ts'), core('host.ts'), core('messages.ts')].sort());
  });

  it('reads the value names an app module imports from the core barrel, and the names a core module declares', () => {
    const app = `import { AppError, type User, isAppError as isError,\n  MESSAGES } from '@shopfront/core';\nimport type { Store } from '@shopfront/core';\nimport { formatMoney } from '@shopfront/core/money';`;
    expect(barrelImports(app)).toEqual(['AppError', 'isAppError', 'MESSAGES']);
    const core = `export const A = 1;\nexport function b() {}\nexport async function c() {}\nexport class D {}\nexport type E = string;\nexport interface F {}\nexport { G, H as I, type J } from './k.ts';`;
    expect(declaredExports(core)).toEqual(['A', 'b', 'c', 'D', 'G', 'I']);
  });
});
