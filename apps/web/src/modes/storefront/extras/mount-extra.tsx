import { storeBaseUrl } from '@shopfront/core/store-urls';
import type { StorefrontData } from '@shopfront/core';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import type { ProductCheckoutProps } from '#src/features/storefront/components/product-detail.tsx';
import { STOREFRONT_DOM } from '#src/features/storefront/dom-ids.ts';
import { EXTRA_ATTRIBUTE, EXTRA_HOST_ATTRIBUTE, type StorefrontExtra } from './extras.ts';

/**
 * An extra's start: a React root of its own in each slot the page rendered for it
 * (extra-slot.tsx), with the product page's props read from the page's data. The page's root never
 * touches that element's content, so the two roots do not meet. A page shown in place never needs
 * this: the storefront entry loads pages with an extra normally.
 */
export function mountExtra(name: StorefrontExtra, View: ComponentType<ProductCheckoutProps>): void {
  const root = document.getElementById(STOREFRONT_DOM.rootId);
  const text = document.getElementById(STOREFRONT_DOM.dataId)?.textContent;
  if (!root || !text) return;
  const data = JSON.parse(text) as StorefrontData;
  const product = data.product;
  if (!product) return;
  const basePath = root.getAttribute(STOREFRONT_DOM.basePathAttribute) ?? storeBaseUrl(data.store, { origin: '' });
  for (const element of document.querySelectorAll<HTMLElement>(`[${EXTRA_ATTRIBUTE}="${name}"]`)) {
    // The slot's inner element (React made the slot, not it): its loading words stay until the extra renders.
    const host = element.querySelector<HTMLElement>(`:scope > [${EXTRA_HOST_ATTRIBUTE}]`) ?? element.appendChild(document.createElement('div'));
    createRoot(host).render(<View storeId={data.store.id} product={product} basePath={basePath} />);
  }
}
