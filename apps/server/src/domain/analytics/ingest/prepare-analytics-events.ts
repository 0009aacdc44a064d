import { inArray } from 'drizzle-orm';
import type { RawAnalyticsEvent } from '#src/analytics/analytics-event.ts';
import type { Executor } from '#src/db/executor.ts';
import { products as productsTable, stores } from '#src/db/schema/index.ts';
import type { AnalyticsEventRow } from './analytics-event-row.ts';
import type { createSaltCache } from './day-salts.ts';
import { countryOf, describeUserAgent, referrerHostOf, utmOf } from './describe-client.ts';
import { localDayOf, visitorHash } from './visitor-hash.ts';

/**
 * Turns the request path's tuples into rows (docs/analytics.md "Buffer and flush"): events of bots,
 * of stores that do not exist and naming a product or link the store does not have are discarded; the rest get the store-local day, the day's
 * visitor hash, the country, the device classes, the referrer host and the UTM values. The IP
 * address and the user agent go no further than this function.
 */
export async function prepareAnalyticsEvents(
  db: Executor,
  events: readonly RawAnalyticsEvent[],
  salts: ReturnType<typeof createSaltCache>,
  now: Date,
): Promise<AnalyticsEventRow[]> {
  const storeIds = [...new Set(events.map((event) => event.storeId))];
  if (storeIds.length === 0) return [];
  const found = await db
    .select({ id: stores.id, timeZone: stores.timeZone, links: stores.links, socialLinks: stores.socialLinks })
    .from(stores)
    .where(inArray(stores.id, storeIds));
  const timeZones = new Map(found.map((store) => [store.id, store.timeZone]));
  const isKnown = await knownTargets(db, found, events);

  const kept: { event: RawAnalyticsEvent; day: string }[] = [];
  for (const event of events) {
    const timeZone = timeZones.get(event.storeId);
    if (timeZone === undefined || !isKnown(event) || describeUserAgent(event.userAgent).bot) continue;
    kept.push({ event, day: localDayOf(event.at, timeZone) });
  }
  const daySalts = await salts.saltsFor(db, kept.map((item) => item.day), now);

  // One visitor's events in this batch share their hash and country, and a referrer its host:
  // computed once each. These maps live only while the batch is prepared, like the tuples.
  const visitors = new Map<string, { visitor: bigint; country: string | null }>();
  const referrerHosts = new Map<string, string | null>();
  return kept.map(({ event, day }) => {
    const client = describeUserAgent(event.userAgent);
    const key = `${day}\n${event.storeId}\n${event.ip}\n${event.userAgent}`;
    let seen = visitors.get(key);
    if (!seen) {
      const salt = daySalts.get(day);
      if (!salt) throw new Error(`no visitor salt for ${day}`);
      seen = { visitor: visitorHash(salt, event.storeId, event.ip, event.userAgent), country: countryOf(event.ip) };
      visitors.set(key, seen);
    }
    const referrerKey = `${event.referrer}\n${event.host}`;
    let referrerHost = referrerHosts.get(referrerKey);
    if (referrerHost === undefined) {
      referrerHost = referrerHostOf(event.referrer, event.host);
      referrerHosts.set(referrerKey, referrerHost);
    }
    return {
      occurredAt: new Date(event.at),
      storeId: event.storeId,
      localDay: day,
      type: event.type,
      visitor: seen.visitor,
      visitDay: day,
      productId: event.productId,
      linkId: event.linkId,
      page: event.page,
      orderId: null,
      revenueCents: null,
      referrerHost,
      ...utmOf(event.query),
      country: seen.country,
      device: client.device,
      browser: client.browser,
      os: client.os,
    };
  });
}

/**
 * Whether an event names only what its store has: a product of that store, one of its published
 * link blocks or social icons (`social:<platform>`). A beacon can claim any well-formed id; one
 * naming another store's product, or nothing at all, is discarded instead of becoming a row.
 */
async function knownTargets(
  db: Executor,
  found: readonly { id: string; links: readonly { id: string }[]; socialLinks: readonly { platform: string }[] }[],
  events: readonly RawAnalyticsEvent[],
): Promise<(event: RawAnalyticsEvent) => boolean> {
  const productIds = [...new Set(events.flatMap((event) => (event.productId ? [event.productId] : [])))];
  const products = productIds.length
    ? await db.select({ id: productsTable.id, storeId: productsTable.storeId }).from(productsTable).where(inArray(productsTable.id, productIds))
    : [];
  const productStore = new Map(products.map((product) => [product.id, product.storeId]));
  const linkIds = new Map(found.map((store) => [store.id, new Set([...store.links.map((link) => link.id), ...store.socialLinks.map((link) => `social:${link.platform}`)])]));
  return (event) =>
    (event.productId === null || productStore.get(event.productId) === event.storeId) &&
    (event.linkId === null || linkIds.get(event.storeId)?.has(event.linkId) === true);
}
