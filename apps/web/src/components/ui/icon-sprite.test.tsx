import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ensureIconSprite, Icon, ICON_SPRITE_ID, useIconSprite } from './icon.tsx';
import ICON_SPRITE from './icon-sprite.svg?raw';

const SRC = join(import.meta.dirname, '..', '..');

/** Every stylesheet under `dir` (Vitest does not process CSS imports, so they are read from disk). */
const stylesheets = (dir: string): string[] =>
  readdirSync(join(SRC, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .map((file) => join(SRC, dir, file));

afterEach(() => {
  document.getElementById(ICON_SPRITE_ID)?.remove();
  vi.unstubAllGlobals();
});

describe('the icon sprite', () => {
  it('is one hidden, decorative svg whose symbols draw in currentColor', () => {
    const holder = document.createElement('div');
    holder.innerHTML = ICON_SPRITE.trim();
    const sprite = holder.firstElementChild!;
    expect(holder.children).toHaveLength(1);
    expect(sprite.tagName).toBe('svg');
    expect(sprite.id).toBe(ICON_SPRITE_ID);
    expect(sprite).toHaveAttribute('aria-hidden', 'true');
    expect(sprite.getAttribute('style')).toBe('display:none');
    const symbols = [...sprite.querySelectorAll('symbol')];
    expect(symbols.map((symbol) => symbol.id)).toEqual(expect.arrayContaining(['sf-i-arrow-left', 'sf-i-arrow-right', 'sf-i-external', 'sf-i-download', 'sf-i-website']));
    for (const symbol of symbols) {
      expect(symbol.getAttribute('viewBox')).toMatch(/^0 0 (16 16|24 24)$/);
      expect(symbol.getAttribute('stroke')).toBe('currentColor');
    }
    // Only currentColor paints: a theme colours every glyph.
    expect(ICON_SPRITE).not.toMatch(/(fill|stroke)="(?!none|currentColor)/);
  });

  it('is what Icon points at: a decorative svg with one use', () => {
    const { container } = render(<Icon name="arrow-right" className="sf-x" />);
    const svg = container.querySelector('svg')!;
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveClass('sf-x');
    expect(svg.querySelector('use')).toHaveAttribute('href', '#sf-i-arrow-right');
    expect(ICON_SPRITE).toContain('<symbol id="sf-i-arrow-right"');
  });

  it('is fetched (the build’s file, never a script) and added once to a page that came without it', async () => {
    const fetchMock = vi.fn(async () => new Response(ICON_SPRITE));
    vi.stubGlobal('fetch', fetchMock);
    expect(document.getElementById(ICON_SPRITE_ID)).toBeNull();
    await Promise.all([ensureIconSprite(document), ensureIconSprite(document)]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toMatch(/icon-sprite\.svg/);
    expect(document.querySelectorAll(`#${ICON_SPRITE_ID}`)).toHaveLength(1);
    expect(document.getElementById('sf-i-instagram')?.tagName).toBe('symbol');
    await ensureIconSprite(document, () => Promise.reject(new Error('not asked')));
  });

  it('leaves the page without icons, not broken, when the file cannot be fetched', async () => {
    await expect(ensureIconSprite(document, () => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(document.getElementById(ICON_SPRITE_ID)).toBeNull();
  });

  it('is left alone on a page that has it (a server-rendered storefront)', async () => {
    document.body.insertAdjacentHTML('afterbegin', `<svg id="${ICON_SPRITE_ID}"></svg>`);
    function Uses() {
      useIconSprite();
      return null;
    }
    const load = vi.fn(async () => ICON_SPRITE);
    render(<Uses />);
    await ensureIconSprite(document, load);
    expect(load).not.toHaveBeenCalled();
    expect(document.querySelectorAll(`#${ICON_SPRITE_ID}`)).toHaveLength(1);
    expect(document.getElementById(ICON_SPRITE_ID)?.children).toHaveLength(0);
  });

  it('leaves no storefront or website stylesheet drawing with a data: SVG image (each one is an SVG document to build)', () => {
    const files = [...stylesheets('features/storefront'), ...stylesheets('features/website'), ...stylesheets('components/themes'), ...stylesheets('components/ui')];
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) expect(readFileSync(file, 'utf8'), file).not.toContain('data:image/svg');
  });
});
