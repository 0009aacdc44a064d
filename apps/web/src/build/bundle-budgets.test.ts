import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- the build's own scripts live beside src, not in it
import {
  brotliSize,
  checkBudget,
  DASHBOARD_FIRST_SCREEN_BUDGET_BYTES,
  filesLoaded,
  LAZY_NOT_COUNTED,
  STOREFRONT_BUDGET_BYTES,
  STOREFRONT_CALL_PAGE_BUDGET_BYTES,
  STOREFRONT_COURSE_PAGE_BUDGET_BYTES,
  uncoveredFirstScreenModules,
} from '../../scripts/bundle-budgets.mjs';
// eslint-disable-next-line no-restricted-imports -- the build's own scripts live beside src, not in it
import { checkStorefrontChunks, STOREFRONT_EXTRAS } from '../../scripts/check-storefront-bundle.mjs';

/** Two files that add up to `total` bytes of brotli. */
function filesOf(total: number) {
  const first = Math.floor(total / 2);
  return [
    { fileName: 'assets/a.js', brotliBytes: first },
    { fileName: 'assets/a.css', brotliBytes: total - first },
  ];
}

describe('page budgets', () => {
  it.each([
    { name: 'storefront page', limitBytes: STOREFRONT_BUDGET_BYTES },
    { name: 'storefront call page', limitBytes: STOREFRONT_CALL_PAGE_BUDGET_BYTES },
    { name: 'storefront course page', limitBytes: STOREFRONT_COURSE_PAGE_BUDGET_BYTES },
    { name: '/dashboard first screen', limitBytes: DASHBOARD_FIRST_SCREEN_BUDGET_BYTES },
  ])('$name: passes at its limit and fails one byte over', ({ name, limitBytes }) => {
    const at = checkBudget({ name, files: filesOf(limitBytes), limitBytes });
    expect(at.totalBrotliBytes).toBe(limitBytes);
    expect(at.problems).toEqual([]);
    const over = checkBudget({ name, files: filesOf(limitBytes + 1), limitBytes });
    expect(over.problems).toEqual([`${name} loads ${((limitBytes + 1) / 1024).toFixed(1)} KB brotli (${limitBytes + 1} B), over its ${(limitBytes / 1024).toFixed(1)} KB budget`]);
  });

  it('keeps every storefront page at 80 KB, and a call’s or a course’s page with its extra at 84 KB', () => {
    expect(STOREFRONT_BUDGET_BYTES).toBe(80 * 1024);
    expect(STOREFRONT_CALL_PAGE_BUDGET_BYTES).toBe(84 * 1024);
    expect(STOREFRONT_COURSE_PAGE_BUDGET_BYTES).toBe(84 * 1024);
    expect(STOREFRONT_EXTRAS.map((extra) => [extra.name, extra.feature, extra.limitBytes])).toEqual([
      ['book-call', 'bookings', STOREFRONT_CALL_PAGE_BUDGET_BYTES],
      ['course-syllabus', 'courses', STOREFRONT_COURSE_PAGE_BUDGET_BYTES],
    ]);
  });

  it('measures brotli, not the raw size', () => {
    const text = 'const a = 1;\n'.repeat(1000);
    expect(brotliSize(text)).toBeGreaterThan(0);
    expect(brotliSize(text)).toBeLessThan(text.length / 20);
  });
});

describe('files a page loads', () => {
  const chunks = [
    { fileName: 'main.js', imports: ['react.js'], dynamicImports: ['mode-dashboard.js', 'mode-members.js'], css: ['main.css'] },
    { fileName: 'react.js', imports: [], dynamicImports: [] },
    { fileName: 'mode-dashboard.js', imports: ['react.js', 'forms.js'], dynamicImports: ['editor.js'], css: ['dashboard.css'] },
    { fileName: 'forms.js', imports: [], dynamicImports: [] },
    { fileName: 'editor.js', imports: ['tiptap.js'], dynamicImports: [] },
    { fileName: 'tiptap.js', imports: [], dynamicImports: [] },
    { fileName: 'mode-members.js', imports: [], dynamicImports: [] },
  ];

  it('follows static imports and CSS only, from every entry, when the page does not load its lazy parts', () => {
    expect(filesLoaded(chunks, ['main.js', 'mode-dashboard.js'], { followDynamic: false })).toEqual({
      files: ['main.js', 'main.css', 'mode-dashboard.js', 'dashboard.css', 'react.js', 'forms.js'],
      missing: [],
      notCounted: [],
    });
  });

  it('follows dynamic imports too when asked', () => {
    expect(filesLoaded(chunks, ['mode-dashboard.js'], { followDynamic: true }).files).toEqual([
      'mode-dashboard.js',
      'dashboard.css',
      'react.js',
      'forms.js',
      'editor.js',
      'tiptap.js',
    ]);
  });

  it('leaves out a lazy chunk of a library not counted (hls.js), but not a lazy chunk that holds anything else', () => {
    const hls = '/repo/node_modules/hls.js/dist/hls.mjs';
    const course = [
      { fileName: 'extra.js', imports: ['video.js'], dynamicImports: [] },
      { fileName: 'video.js', imports: [], dynamicImports: ['hls.js', 'player-ui.js'], moduleIds: ['/repo/apps/web/src/video.tsx'] },
      { fileName: 'hls.js', imports: [], dynamicImports: [], moduleIds: [hls] },
      { fileName: 'player-ui.js', imports: [], dynamicImports: [], moduleIds: [hls, '/repo/apps/web/src/player-ui.tsx'] },
    ];
    expect(filesLoaded(course, ['extra.js'], { followDynamic: true, notCounted: LAZY_NOT_COUNTED })).toEqual({
      files: ['extra.js', 'video.js', 'player-ui.js'],
      missing: [],
      notCounted: ['hls.js'],
    });
    expect(filesLoaded(course, ['extra.js'], { followDynamic: true }).files).toContain('hls.js');
  });

  it('names a chunk that is referenced but missing', () => {
    expect(filesLoaded(chunks, ['main.js', 'gone.js'], { followDynamic: false }).missing).toEqual(['gone.js']);
  });
});

describe('what the storefront and its extras may hold', () => {
  const chunk = (fileName: string, moduleIds: string[], imports: string[] = []) => ({ fileName, code: '', imports, dynamicImports: [], moduleIds });
  const chunks = [
    chunk('storefront.js', ['/repo/apps/web/src/modes/storefront/storefront-entry.tsx', '/repo/apps/web/src/features/checkout/checkout-form.tsx']),
    chunk('extra-book-call.js', ['/repo/apps/web/src/features/bookings/components/book-call.tsx'], ['storefront.js']),
    chunk('extra-course.js', ['/repo/apps/web/src/features/courses/components/course-syllabus.tsx'], ['storefront.js']),
    chunk('bad-storefront.js', ['/repo/apps/web/src/features/bookings/components/book-call.tsx']),
  ];

  it('keeps features/bookings and features/courses out of the storefront entry', () => {
    expect(checkStorefrontChunks(chunks, 'storefront.js').problems).toEqual([]);
    expect(checkStorefrontChunks(chunks, 'bad-storefront.js').problems).toEqual([
      'bad-storefront.js contains a feature other than storefront/checkout: /repo/apps/web/src/features/bookings/components/book-call.tsx',
    ]);
    expect(checkStorefrontChunks(chunks, 'extra-course.js').problems).toHaveLength(1);
  });

  it('allows each extra its own feature only', () => {
    expect(checkStorefrontChunks(chunks, 'extra-book-call.js', { allowFeatures: ['bookings'] }).problems).toEqual([]);
    expect(checkStorefrontChunks(chunks, 'extra-course.js', { allowFeatures: ['courses'] }).problems).toEqual([]);
    expect(checkStorefrontChunks(chunks, 'extra-course.js', { allowFeatures: ['bookings'] }).problems).toEqual([
      'extra-course.js contains a feature other than storefront/checkout: /repo/apps/web/src/features/courses/components/course-syllabus.tsx',
    ]);
  });
});

describe("the first screen's stylesheet", () => {
  const css = ["@import 'tailwindcss' source(none);", "@source './app';", "@source './modes/dashboard/routes.tsx';"].join('\n');

  it('names the modules of the first screen that none of its @source files or folders holds', () => {
    const modules = [
      '/repo/apps/web/src/app/start.tsx',
      '/repo/apps/web/src/modes/dashboard/routes.tsx',
      '/repo/apps/web/src/modes/dashboard/layout/dashboard-layout.tsx',
      '/repo/apps/web/src/application.tsx',
      '/repo/node_modules/react-router/dist/index.mjs',
      '/repo/packages/core/src/messages.ts',
      '/repo/apps/web/src/index.css',
    ];
    expect(uncoveredFirstScreenModules(modules, css, '/repo/apps/web/src')).toEqual([
      '/repo/apps/web/src/modes/dashboard/layout/dashboard-layout.tsx',
      '/repo/apps/web/src/application.tsx',
    ]);
  });
});
