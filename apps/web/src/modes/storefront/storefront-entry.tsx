import { storeBaseUrl } from '@shopfront/core/store-urls';
import type { StorefrontData } from '@shopfront/core';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { startBeacon } from '#src/features/storefront/beacon.ts';
import { STOREFRONT_DOM } from '#src/features/storefront/dom-ids.ts';
import { createPageLoader, titleOf } from '#src/features/storefront/in-place-navigation.ts';
import { StorefrontNavigation } from '#src/features/storefront/navigation.tsx';
import { subscribePreview } from '#src/features/storefront/preview-live.ts';
import { storefrontExtraOf } from './extras/extras.ts';
import { StorefrontPage } from './storefront-page.tsx';

/**
 * The storefront's only script (a second Vite entry): hydrates the server-rendered store. It
 * imports react, react-dom/client, the view, the themes and the buyer's checkout form — no
 * router, no query client, no zod, no dashboard code (apps/web/scripts/check-storefront-bundle.mjs
 * fails the build otherwise). Files are imported directly, not through barrels, for the same reason.
 *
 * Moving between the landing and product pages happens in place (history.pushState and the
 * cached JSON read); anything that fails, and any page with an extra (extras/extras.ts), is an
 * ordinary page load. Each page shown in
 * place is reported to analytics (features/storefront/beacon.ts; the server counts the pages it
 * renders, so the first one is not).
 */
const root = document.getElementById(STOREFRONT_DOM.rootId);
const dataElement = document.getElementById(STOREFRONT_DOM.dataId);

function Storefront({ initial, basePath, onShown }: { initial: StorefrontData; basePath: string | undefined; onShown: (data: StorefrontData) => void }) {
  const [data, setData] = useState(initial);
  const current = useRef(initial);
  const base = basePath ?? storeBaseUrl(initial.store, { origin: '' });
  const loader = useMemo(() => createPageLoader({ basePath: base, host: location.host }), [base]);
  const moved = useRef(false);

  // Marks the root once React owns it (`data-hydrated`), for tests and for anyone debugging.
  useEffect(() => root?.setAttribute('data-hydrated', 'true'), []);

  // Back and forward show the page of the address the browser moved to.
  const onPopState = useEffectEvent(() => void show(location.pathname, false));
  useEffect(() => {
    loader.remember(initial);
    history.replaceState({ storefront: true }, '');
    const listener = () => onPopState();
    addEventListener('popstate', listener);
    return () => removeEventListener('popstate', listener);
  }, [loader, initial]);

  useEffect(() => {
    if (!moved.current) return;
    document.title = titleOf(data);
    scrollTo(0, 0);
    const heading = root?.querySelector<HTMLElement>('h1');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
  }, [data]);

  async function show(href: string, push: boolean) {
    const next = await loader.load(href, current.current);
    // A page with an extra (a call's, a course's) loads normally: the server adds the extra's script.
    if (!next || storefrontExtraOf(next)) {
      if (push) location.assign(href);
      else location.reload();
      return;
    }
    if (push) history.pushState({ storefront: true }, '', href);
    moved.current = true;
    current.current = next;
    setData(next);
    onShown(next);
  }

  // The owner's preview (`?preview=true`) follows the builder's autosaves live. Imported
  // statically: it is a few hundred bytes, while `import()` cost every visitor Vite's preload
  // helper and a second request.
  const storeId = initial.store.id;
  useEffect(() => {
    if (!initial.isPreview) return;
    return subscribePreview(storeId, (profile) => {
      const next = { ...current.current, store: { ...current.current.store, profile } };
      current.current = next;
      setData(next);
    });
  }, [initial.isPreview, storeId]);

  // Drafts (`?preview=true`) reload normally, so every page keeps showing the draft.
  const navigate = initial.isPreview ? null : (href: string) => void show(href, true);
  return (
    <StorefrontNavigation value={navigate}>
      <StorefrontPage data={data} basePath={basePath} />
    </StorefrontNavigation>
  );
}

if (root && dataElement?.textContent) {
  const data = JSON.parse(dataElement.textContent) as StorefrontData;
  const basePath = root.getAttribute(STOREFRONT_DOM.basePathAttribute) ?? undefined;
  hydrateRoot(root, <Storefront initial={data} basePath={basePath} onShown={startBeacon(data)} />);
}
