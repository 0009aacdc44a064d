import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extraAssets, pageAssets, type Manifest } from './page-assets.ts';

let dist: string;

const MANIFEST: Manifest = {
  'src/entry.tsx': { file: 'assets/entry-1.js', imports: ['_react.js', '_view.js'] },
  '_react.js': { file: 'assets/react-2.js', css: ['assets/base-3.css'] },
  '_view.js': { file: 'assets/view-4.js', css: ['assets/view-5.css'], imports: ['_react.js'] },
  'src/styles-only.ts': { file: 'assets/styles-6.js', css: ['assets/site-7.css'] },
  'src/no-css.ts': { file: 'assets/plain-8.js' },
  'src/evil.ts': { file: 'assets/evil-9.js', css: ['assets/evil-10.css'] },
  // An extra: shares the page's view (and its CSS), brings a chunk and a stylesheet of its own.
  'src/extra.tsx': { file: 'assets/extra-11.js', imports: ['_view.js', '_picker.js'] },
  '_picker.js': { file: 'assets/picker-12.js', css: ['assets/picker-13.css'], imports: ['_react.js'] },
};

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'page-assets-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets/base-3.css'), '.sf-root{color:red}\n');
  writeFileSync(join(dist, 'assets/view-5.css'), '.sf-name{font-weight:700}');
  writeFileSync(join(dist, 'assets/site-7.css'), '.ws-hero{margin:0}');
  writeFileSync(join(dist, 'assets/picker-13.css'), '.sf-slot{padding:0}');
  writeFileSync(join(dist, 'assets/evil-10.css'), '.x{content:"</STYLE><script>alert(1)</script>"}');
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('pageAssets', () => {
  it("inlines every stylesheet the entry needs, in Vite's order, and links none", () => {
    const assets = pageAssets(dist, MANIFEST, 'src/entry.tsx');
    expect(assets.styles).toBe('<style>.sf-root{color:red}\n.sf-name{font-weight:700}</style>');
    expect(assets.cssFiles).toEqual(['assets/base-3.css', 'assets/view-5.css']);
    expect(assets.styles + assets.scripts).not.toContain('rel="stylesheet"');
  });

  it('keeps the scripts as module preloads and one module script, which never block the first paint', () => {
    const { scripts } = pageAssets(dist, MANIFEST, 'src/entry.tsx');
    expect(scripts).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/react-2.js"><link rel="modulepreload" crossorigin href="/assets/view-4.js">' +
        '<script type="module" crossorigin src="/assets/entry-1.js"></script>',
    );
  });

  it('gives a styles-only entry its CSS, and an entry without CSS no style element', () => {
    expect(pageAssets(dist, MANIFEST, 'src/styles-only.ts').styles).toBe('<style>.ws-hero{margin:0}</style>');
    expect(pageAssets(dist, MANIFEST, 'src/no-css.ts').styles).toBe('');
  });

  it('refuses CSS that would close its style element, whatever the case', () => {
    expect(() => pageAssets(dist, MANIFEST, 'src/evil.ts')).toThrow('assets/evil-10.css contain "</style" and cannot be inlined');
  });

  it('adds only what an extra brings beyond its page: its own CSS inlined, its own chunks preloaded, its script', () => {
    const page = pageAssets(dist, MANIFEST, 'src/entry.tsx');
    const extra = extraAssets(dist, MANIFEST, 'src/extra.tsx', page);
    expect(extra.styles).toBe('<style>.sf-slot{padding:0}</style>');
    expect(extra.cssFiles).toEqual(['assets/picker-13.css']);
    expect(extra.scripts).toBe('<link rel="modulepreload" crossorigin href="/assets/picker-12.js"><script type="module" crossorigin src="/assets/extra-11.js"></script>');
  });

  it('gives an extra with nothing new but its script no style element', () => {
    const page = pageAssets(dist, MANIFEST, 'src/extra.tsx');
    expect(extraAssets(dist, MANIFEST, 'src/extra.tsx', page)).toEqual({
      styles: '',
      scripts: '<script type="module" crossorigin src="/assets/extra-11.js"></script>',
      cssFiles: [],
      scriptFiles: ['assets/extra-11.js'],
    });
  });

  it('names a missing entry', () => {
    expect(() => pageAssets(dist, MANIFEST, 'src/gone.tsx')).toThrow('src/gone.tsx is missing from the web build');
  });
});
