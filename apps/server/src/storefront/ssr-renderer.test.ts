import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StorefrontData } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStorefrontRenderer, STOREFRONT_ENTRY, STOREFRONT_EXTRA_ENTRIES, type StorefrontRenderer } from './ssr-renderer.ts';

let dist: string;
let renderer: StorefrontRenderer;

// A web build in miniature: the storefront entry, the two extras (sharing the page's view), and a renderer.
const MANIFEST = {
  [STOREFRONT_ENTRY]: { file: 'assets/storefront-1.js', imports: ['_common.js'] },
  '_common.js': { file: 'assets/common-2.js', css: ['assets/common-3.css'] },
  [STOREFRONT_EXTRA_ENTRIES.call!]: { file: 'assets/extra-book-call-4.js', imports: ['_common.js', '_picker.js'] },
  '_picker.js': { file: 'assets/picker-5.js', css: ['assets/picker-6.css'] },
  [STOREFRONT_EXTRA_ENTRIES.course!]: { file: 'assets/extra-course-7.js', imports: ['_common.js'], css: ['assets/syllabus-8.css'] },
};

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'ssr-renderer-'));
  for (const folder of ['assets', 'ssr', '.vite']) mkdirSync(join(dist, folder));
  writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(join(dist, 'assets/common-3.css'), '.sf-root{color:red}');
  writeFileSync(join(dist, 'assets/picker-6.css'), '.sf-slot{padding:0}');
  writeFileSync(join(dist, 'assets/syllabus-8.css'), '.sf-course-syllabus{margin:0}');
  writeFileSync(
    join(dist, 'ssr/storefront-render.js'),
    'export const renderStorefrontPage = (data) => ({ html: `<main>${data.product ? data.product.type : "landing"}</main>`, head: "<title>t</title>" });\n' +
      'export const renderStoreNotFoundPage = () => ({ html: "<main>not found</main>", head: "" });\n',
  );
  const log = { error: () => undefined } as never;
  renderer = (await loadStorefrontRenderer({ webDistDir: dist, configElement: '', log }))!;
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const page = (product: { type: string } | null) => renderer.renderStore({ store: { id: 'store_1' }, product } as unknown as StorefrontData, '/cozy');

describe('storefront extras in the page', () => {
  it('adds the booking form’s script and its own CSS to a call’s page only, after the page’s', () => {
    const html = page({ type: 'call' });
    expect(html).toContain('<style>.sf-slot{padding:0}</style>');
    expect(html.indexOf('.sf-root{color:red}')).toBeLessThan(html.indexOf('.sf-slot{padding:0}'));
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/picker-5.js"><script type="module" crossorigin src="/assets/extra-book-call-4.js"></script>');
    expect(html.indexOf('src="/assets/storefront-1.js"')).toBeLessThan(html.indexOf('src="/assets/extra-book-call-4.js"'));
    // The shared chunk and its CSS once.
    expect(html.split('common-2.js')).toHaveLength(2);
    expect(html.split('.sf-root{color:red}')).toHaveLength(2);
    expect(html).not.toContain('extra-course');
  });

  it('adds the syllabus’s script and CSS to a course’s page only', () => {
    const html = page({ type: 'course' });
    expect(html).toContain('<style>.sf-course-syllabus{margin:0}</style>');
    expect(html).toContain('<script type="module" crossorigin src="/assets/extra-course-7.js"></script>');
    expect(html).not.toContain('extra-book-call');
    expect(html).not.toContain('.sf-slot');
  });

  it.each([['the landing', null], ['a download’s page', { type: 'digital' }], ['a membership’s page', { type: 'membership' }]])('adds no extra to %s', (_name, product) => {
    const html = page(product);
    expect(html).toContain('src="/assets/storefront-1.js"');
    expect(html).not.toMatch(/extra-|sf-slot|sf-course/);
  });
});
