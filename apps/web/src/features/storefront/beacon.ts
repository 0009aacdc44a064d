import type { StorefrontData } from '@shopfront/core';

/**
 * The storefront's analytics beacon, inside the storefront's 80 KB script budget: a
 * few hundred bytes, no dependencies, no cookies, no storage.
 *
 * The server records the view of every page it renders, so the first page is never sent from
 * here. The beacon sends one event per beacon:
 * - a view after each in-place navigation (landing ⇄ product, back and forward included);
 * - a click on an anchor carrying `data-l` (link blocks: their id; social icons: `social:<platform>`;
 *   set in components/link-list.tsx and social-links.tsx), caught by one capture-phase listener
 *   on the document for left and middle clicks, so it goes even when the click opens a new tab
 *   or leaves the page (sendBeacon outlives the page).
 *
 * Body (text/plain, so no CORS preflight; same origin, so the storefront CSP's `connect-src 'self'`
 * allows it on every host a store answers at): `{"s":storeId,"e":[event],"u"?,"r"?}` where `u` is
 * the first page's `utm_` parameters as a query string (nothing else from the address leaves the
 * browser) and `r` the first page's `document.referrer`; each is left out when empty.
 * Nothing is sent in the owner's preview, nor by a browser without `navigator.sendBeacon`
 * (every browser that runs this script has it: a `fetch` fallback would be dead bytes).
 */
export type StorefrontEvent = { t: 'storefront_view' } | { t: 'product_view'; p: string } | { t: 'link_click'; l: string };

export const BEACON_URL = '/api/analytics/events';

/** The anchor attribute a click is recorded by: `<a data-l="{link block id}">`, `data-l="social:{platform}"`. */
export const LINK_ATTRIBUTE = 'data-l';

/** The event for the page `data` shows. */
export function viewEvent(data: StorefrontData): StorefrontEvent {
  return data.product ? { t: 'product_view', p: data.product.id } : { t: 'storefront_view' };
}

/**
 * Starts the visit's beacon on the first page's data (sends nothing itself: the server counted
 * that page) and answers the function to call with each page shown in place. `first` is the first
 * page's query string and referrer; `target` is where the click listener goes (tests pass an element).
 */
export function startBeacon(
  data: StorefrontData,
  first: { search: string; referrer: string } = { search: location.search, referrer: document.referrer },
  target: EventTarget = document,
): (shown: StorefrontData) => void {
  if (data.isPreview) return () => undefined;
  const utm = first.search.slice(1).split('&').filter((pair) => pair.startsWith('utm_')).join('&');
  const send = (event: StorefrontEvent) =>
    navigator.sendBeacon?.(BEACON_URL, JSON.stringify({ s: data.store.id, e: [event], u: utm || undefined, r: first.referrer || undefined }));

  // Left clicks (any modifier) and middle clicks; a right click (button 2) only opens a menu.
  const onClick = (event: Event) => {
    const { button, target: clicked } = event as MouseEvent;
    const link = button < 2 ? (clicked as Element | null)?.closest?.(`a[${LINK_ATTRIBUTE}]`) : null;
    if (link) send({ t: 'link_click', l: link.getAttribute(LINK_ATTRIBUTE)! });
  };
  target.addEventListener('click', onClick, true);
  target.addEventListener('auxclick', onClick, true);
  return (shown) => void send(viewEvent(shown));
}
