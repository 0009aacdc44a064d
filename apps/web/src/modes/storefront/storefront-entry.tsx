import type { StorefrontData } from '@shopfront/core';
import { useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { STOREFRONT_DOM } from '../../features/storefront/dom-ids.ts';
import { StorefrontView } from '../../features/storefront/storefront-view.tsx';

/**
 * The storefront's only script (a second Vite entry): hydrates the server-rendered store. It
 * imports react, react-dom/client, the view and the themes — no router, no query client, no zod,
 * no dashboard code (apps/web/scripts/check-storefront-bundle.mjs fails the build otherwise).
 * Files are imported directly, not through barrels, for the same reason.
 */
const root = document.getElementById(STOREFRONT_DOM.rootId);
const dataElement = document.getElementById(STOREFRONT_DOM.dataId);

/** Marks the root once React owns it (`data-hydrated`), for tests and for anyone debugging. */
function Hydrated({ data, basePath }: { data: StorefrontData; basePath: string | undefined }) {
  useEffect(() => root?.setAttribute('data-hydrated', 'true'), []);
  return <StorefrontView data={data} basePath={basePath} />;
}

if (root && dataElement?.textContent) {
  const data = JSON.parse(dataElement.textContent) as StorefrontData;
  const basePath = root.getAttribute(STOREFRONT_DOM.basePathAttribute) ?? undefined;
  hydrateRoot(root, <Hydrated data={data} basePath={basePath} />);
}
