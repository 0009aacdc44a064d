import { ID_PREFIXES, idPattern } from '@shopfront/core';
import { z } from 'zod';

/** A beacon's limits (docs/analytics.md "Beacon"): past either the answer is 413. */
export const BEACON_LIMITS = Object.freeze({ maxBytes: 4 * 1024, maxEvents: 20 });

export const BEACON_MESSAGES = Object.freeze({
  tooLarge: `An analytics batch is at most ${BEACON_LIMITS.maxBytes} bytes.`,
  tooManyEvents: `An analytics batch holds at most ${BEACON_LIMITS.maxEvents} events.`,
  notJson: 'The analytics batch is not valid JSON.',
  badShape: 'An analytics batch is {"s": storeId, "e": [events]}.',
  unknownType: 'Unknown analytics event type: only storefront_view, product_view and link_click are sent from browsers.',
  badStore: 'The store id is not valid.',
  badProduct: 'product_view needs a valid product id in "p".',
  badLink: 'link_click needs a link id in "l" (at most 64 characters).',
  rateLimited: 'Too many analytics events. Try again later.',
});

/** The browser sends only what it alone sees; checkouts, purchases and signups are recorded by the server. */
const BROWSER_TYPES = new Set(['storefront_view', 'product_view', 'link_click']);
const PRODUCT_ID = idPattern(ID_PREFIXES.product);
const STORE_ID = idPattern(ID_PREFIXES.store);
/** A link block id, or `social:<platform>`: printable, no spaces or control characters. */
const LINK_ID = /^[\x21-\x7e]{1,64}$/;

const EventSchema = z.object({ t: z.string(), p: z.string().optional(), l: z.string().optional() }).strict();
const BatchSchema = z
  .object({
    s: z.string(),
    e: z.array(z.unknown()).min(1),
    /** The query string of the visit's first page (UTM). */
    u: z.string().max(2048).optional(),
    /** document.referrer of the visit's first page. */
    r: z.string().max(2048).optional(),
  })
  .strict();

export type BeaconEvent =
  | { type: 'storefront_view'; productId: null; linkId: null }
  | { type: 'product_view'; productId: string; linkId: null }
  | { type: 'link_click'; productId: null; linkId: string };

export interface Beacon {
  storeId: string;
  events: BeaconEvent[];
  query: string;
  referrer: string;
}

export type BeaconParse = { ok: true; beacon: Beacon } | { ok: false; status: 400 | 413; message: string };

/** The body of POST /api/analytics/events, checked: the first problem found is the answer. */
export function parseBeacon(text: string): BeaconParse {
  const refuse = (message: string, status: 400 | 413 = 400): BeaconParse => ({ ok: false, status, message });
  if (Buffer.byteLength(text) > BEACON_LIMITS.maxBytes) return refuse(BEACON_MESSAGES.tooLarge, 413);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse(BEACON_MESSAGES.notJson);
  }
  const batch = BatchSchema.safeParse(json);
  if (!batch.success) return refuse(BEACON_MESSAGES.badShape);
  const { s, e, u, r } = batch.data;
  if (e.length > BEACON_LIMITS.maxEvents) return refuse(BEACON_MESSAGES.tooManyEvents, 413);
  if (!STORE_ID.test(s)) return refuse(BEACON_MESSAGES.badStore);
  const events: BeaconEvent[] = [];
  for (const item of e) {
    const parsed = EventSchema.safeParse(item);
    if (!parsed.success) return refuse(BEACON_MESSAGES.badShape);
    const { t, p, l } = parsed.data;
    if (!BROWSER_TYPES.has(t)) return refuse(BEACON_MESSAGES.unknownType);
    if (t === 'product_view') {
      if (p === undefined || !PRODUCT_ID.test(p) || l !== undefined) return refuse(BEACON_MESSAGES.badProduct);
      events.push({ type: t, productId: p, linkId: null });
    } else if (t === 'link_click') {
      if (l === undefined || !LINK_ID.test(l) || p !== undefined) return refuse(BEACON_MESSAGES.badLink);
      events.push({ type: t, productId: null, linkId: l });
    } else {
      if (p !== undefined || l !== undefined) return refuse(BEACON_MESSAGES.badShape);
      events.push({ type: 'storefront_view', productId: null, linkId: null });
    }
  }
  return { ok: true, beacon: { storeId: s, events, query: (u ?? '').replace(/^\?/, ''), referrer: r ?? '' } };
}
