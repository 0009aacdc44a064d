import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- the build's own scripts live beside src, not in it
import {
  brotliSize,
  checkBudget,
  DASHBOARD_FIRST_SCREEN_BUDGET_BYTES,
  filesLoaded,
  STOREFRONT_BUDGET_BYTES,
} from '../../scripts/bundle-budgets.mjs';

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
    { name: '/dashboard first screen', limitBytes: DASHBOARD_FIRST_SCREEN_BUDGET_BYTES },
  ])('$name: passes at its limit and fails one byte over', ({ name, limitBytes }) => {
    const at = checkBudget({ name, files: filesOf(limitBytes), limitBytes });
    expect(at.totalBrotliBytes).toBe(limitBytes);
    expect(at.problems).toEqual([]);
    const over = checkBudget({ name, files: filesOf(limitBytes + 1), limitBytes });
    expect(over.problems).toEqual([`${name} loads ${((limitBytes + 1) / 1024).toFixed(1)} KB brotli (${limitBytes + 1} B), over its ${(limitBytes / 1024).toFixed(1)} KB budget`]);
  });

  it('keeps the storefront at 84 KB (80 KB before a call’s booking form)', () => {
    expect(STOREFRONT_BUDGET_BYTES).toBe(84 * 1024);
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

  it('names a chunk that is referenced but missing', () => {
    expect(filesLoaded(chunks, ['main.js', 'gone.js'], { followDynamic: false }).missing).toEqual(['gone.js']);
  });
});
