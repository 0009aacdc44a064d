import type { StorefrontData } from '@shopfront/core';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ICON_SPRITE_ID } from '../components/ui/icon.tsx';
import { STOREFRONT_DOM } from '../features/storefront/dom-ids.ts';
import { StorefrontPage } from '../modes/storefront/storefront-page.tsx';
import { storefrontData, storefrontProduct, storefrontProductDetail } from '../testing/storefront-data.ts';
import { renderStorefrontPage } from './storefront-render.tsx';

const profile = {
  socialLinks: [
    { platform: 'instagram' as const, url: 'https://instagram.com/cozy' },
    { platform: 'youtube' as const, url: 'https://youtube.com/@cozy' },
  ],
  links: [{ id: 'l1', title: 'My kiln diary', url: 'https://example.com/kiln', description: 'Firing notes' }],
};
const landing = (theme: 'mocha-mood' | 'neon-pulse') =>
  storefrontData({ ...profile, theme }, { products: [storefrontProduct(), storefrontProduct({ id: 'p2', slug: 'kiln', type: 'link', priceCents: null, externalUrl: 'https://example.com/kiln' })] });
const productPage = (theme: 'mocha-mood' | 'neon-pulse') => storefrontData({ ...profile, theme }, { products: [storefrontProduct()], product: storefrontProductDetail() });

// act() outside Testing Library's render: React must know it runs in a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** The server's body in the document, then the client hydrating it; whatever React had to say. */
async function hydrate(data: StorefrontData): Promise<string[]> {
  document.body.innerHTML = renderStorefrontPage(data, { basePath: '/cozy-mugs' }).html;
  const said: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void said.push(args.map(String).join(' ')));
  const root = document.getElementById(STOREFRONT_DOM.rootId)!;
  await act(async () => {
    hydrateRoot(root, <StorefrontPage data={data} basePath="/cozy-mugs" />, { onRecoverableError: (error) => void said.push(String(error)) });
  });
  return said;
}

describe('a server-rendered storefront page with its icon sprite', () => {
  for (const theme of ['mocha-mood', 'neon-pulse'] as const) {
    for (const [page, data] of [['landing', landing(theme)], ['product page', productPage(theme)]] as const) {
      it(`${theme} ${page}: every icon uses a symbol of the page's one sprite, outside the hydrated root`, () => {
        const { html } = renderStorefrontPage(data, { basePath: '/cozy-mugs' });
        document.body.innerHTML = html;
        expect(document.querySelectorAll(`#${ICON_SPRITE_ID}`)).toHaveLength(1);
        expect(document.getElementById(STOREFRONT_DOM.rootId)!.contains(document.getElementById(ICON_SPRITE_ID))).toBe(false);
        const uses = [...document.querySelectorAll(`#${STOREFRONT_DOM.rootId} use`)].map((use) => use.getAttribute('href'));
        expect(uses.length).toBeGreaterThan(page === 'landing' ? 3 : 1);
        for (const href of uses) expect(document.querySelector(`#${ICON_SPRITE_ID} symbol${href}`), href!).not.toBeNull();
        expect(html).not.toContain('data:image/svg');
      });

      it(`${theme} ${page}: hydrates without a mismatch and keeps the sprite`, async () => {
        expect(await hydrate(data)).toEqual([]);
        expect(document.querySelectorAll(`#${ICON_SPRITE_ID}`)).toHaveLength(1);
      });
    }
  }
});
