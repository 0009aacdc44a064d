import { inArray } from 'drizzle-orm';
import type { AnalyticsBatch, BatchContext, BatchVisitor, EventTarget } from '#src/analytics/analytics-batch.ts';
import type { Executor } from '#src/db/executor.ts';
import { products as productsTable, stores } from '#src/db/schema/index.ts';
import type { createSaltCache } from './day-salts.ts';
import { countryOf, describeUserAgent, referrerHostOf, utmOf, type ClientClass, type Utm } from './describe-client.ts';
import { emptyEncodedEvents, pushEvent, type EncodedEvents } from './encoded-events.ts';
import { localDayOf, visitorHash } from './visitor-hash.ts';

/** A kept visitor of the batch (not a bot, its store exists): its classes, and its hash per day, each computed once. */
interface VisitorState {
  timeZone: string;
  client: ClientClass;
  /** Looked up with its first kept event. */
  country: string | null | undefined;
  /** The hash of its first day; other days (a batch across midnight) in `hashes`. */
  day: string | null;
  hash: bigint;
  hashes: Map<string, bigint> | null;
}

/**
 * A request context of the batch: its source, and the shape number (0: discarded) of each (day,
 * target) it was seen with: the last one in fields, as a visitor's views of one page follow each
 * other, the rest in a Map made when needed.
 */
interface ContextState {
  referrerHost: string | null;
  utm: Utm;
  day: string | null;
  target: EventTarget | null;
  shape: number;
  shapes: Map<string, Map<EventTarget, number>> | null;
}

/**
 * Turns a recorded batch into the flush's parameters (docs/analytics.md "Buffer and flush"): events
 * of bots, of stores that do not exist and naming a product or link the store does not have are
 * discarded; the rest get the store-local day, the day's visitor hash, the country, the device
 * classes, the referrer host and the UTM values, each computed once per visitor, context or
 * (context, day, target) shape, never per event: per event only its day is found (cached per zone
 * and minute) and two numbers appended. These maps live only while the batch is prepared, like
 * the batch; the IP address and the user agent go no further than this function.
 */
export async function prepareAnalyticsEvents(
  db: Executor,
  batch: AnalyticsBatch,
  salts: ReturnType<typeof createSaltCache>,
  now: Date,
): Promise<EncodedEvents> {
  // Room for every event: the columns are never grown.
  const encoded = emptyEncodedEvents(batch.length);
  const storeIds = [...batch.storeIds()];
  if (storeIds.length === 0) return encoded;
  const found = await db
    .select({ id: stores.id, timeZone: stores.timeZone, links: stores.links, socialLinks: stores.socialLinks })
    .from(stores)
    .where(inArray(stores.id, storeIds));
  const timeZones = new Map(found.map((store) => [store.id, store.timeZone]));

  const visitors = new Map<BatchVisitor, VisitorState | null>();
  const stateOf = (visitor: BatchVisitor): VisitorState | null => {
    let state = visitors.get(visitor);
    if (state === undefined) {
      const timeZone = timeZones.get(visitor.storeId);
      const client = describeUserAgent(visitor.userAgent);
      state = timeZone === undefined || client.bot ? null : { timeZone, client, country: undefined, day: null, hash: 0n, hashes: null };
      visitors.set(visitor, state);
    }
    return state;
  };
  // First pass: each event's day (0: not kept, else its number in `dayList` plus one), the days to
  // salt and the targets to check. The numbers live outside the heap, as the batch's columns do:
  // they wait for two queries.
  const count = batch.length;
  const dayIds = new Uint32Array(count);
  const dayList: string[] = [];
  const dayIdOf = new Map<string, number>();
  const targets = new Set<EventTarget>();
  let lastDay = '';
  let lastDayId = 0;
  for (let i = 0; i < count; i++) {
    const state = stateOf(batch.context(i).visitor);
    if (state === null) continue;
    const day = localDayOf(batch.time(i), state.timeZone);
    if (day !== lastDay) {
      let id = dayIdOf.get(day);
      if (id === undefined) {
        dayList.push(day);
        dayIdOf.set(day, (id = dayList.length));
      }
      lastDay = day;
      lastDayId = id;
    }
    dayIds[i] = lastDayId;
    targets.add(batch.target(i));
  }
  const isKnown = await knownTargets(db, found, targets);
  const daySalts = await salts.saltsFor(db, dayList, now);

  /** By the context's number in the batch. */
  const contexts: (ContextState | undefined)[] = [];
  function shapeOf(where: BatchContext, state: ContextState, day: string, what: EventTarget): number {
    const visitor = stateOf(where.visitor)!;
    if (!isKnown(where.visitor.storeId, what)) return 0;
    let hash = visitor.day === day ? visitor.hash : visitor.hashes?.get(day);
    if (hash === undefined) {
      const salt = daySalts.get(day);
      if (!salt) throw new Error(`no visitor salt for ${day}`);
      hash = visitorHash(salt, where.visitor.storeId, where.visitor.ip, where.visitor.userAgent);
      if (visitor.day === null) {
        visitor.day = day;
        visitor.hash = hash;
      } else (visitor.hashes ??= new Map()).set(day, hash);
    }
    if (visitor.country === undefined) visitor.country = countryOf(where.visitor.ip);
    const n = encoded.shapes.length + 1;
    encoded.shapes.push({
      n,
      store_id: where.visitor.storeId,
      local_day: day,
      type: what.type,
      visitor: hash.toString(),
      visit_day: day,
      product_id: what.productId,
      link_id: what.linkId ?? null,
      page: what.page,
      order_id: null,
      revenue_cents: null,
      referrer_host: state.referrerHost,
      utm_source: state.utm.utmSource,
      utm_medium: state.utm.utmMedium,
      utm_campaign: state.utm.utmCampaign,
      country: visitor.country,
      device: visitor.client.device,
      browser: visitor.client.browser,
      os: visitor.client.os,
    });
    return n;
  }
  /** Keeps the context's last (day, target) shape in its Map before another replaces it. */
  function remember(state: ContextState): void {
    const shapes = (state.shapes ??= new Map());
    let byTarget = shapes.get(state.day!);
    if (byTarget === undefined) shapes.set(state.day!, (byTarget = new Map()));
    byTarget.set(state.target!, state.shape);
  }
  // Second pass: each kept event's shape (made on first sight), then its time and shape number.
  for (let i = 0; i < count; i++) {
    const dayId = dayIds[i]!;
    if (dayId === 0) continue;
    const day = dayList[dayId - 1]!;
    const where = batch.context(i);
    let state = contexts[where.id];
    if (state === undefined) {
      state = { referrerHost: referrerHostOf(where.referrer, where.host), utm: utmOf(where.query), day: null, target: null, shape: 0, shapes: null };
      contexts[where.id] = state;
    }
    const what = batch.target(i);
    if (state.day !== day || state.target !== what) {
      if (state.day !== null) remember(state);
      const n = state.shapes?.get(day)?.get(what);
      state.shape = n ?? shapeOf(where, state, day, what);
      state.day = day;
      state.target = what;
    }
    if (state.shape > 0) pushEvent(encoded, batch.time(i), state.shape);
  }
  return encoded;
}

/**
 * Whether an event names only what its store has: a product of that store, one of its published
 * link blocks or social icons (`social:<platform>`). A beacon can claim any well-formed id; one
 * naming another store's product, or nothing at all, is discarded instead of becoming a row.
 */
async function knownTargets(
  db: Executor,
  found: readonly { id: string; links: readonly { id: string }[]; socialLinks: readonly { platform: string }[] }[],
  targets: ReadonlySet<EventTarget>,
): Promise<(storeId: string, target: EventTarget) => boolean> {
  const productIds = [...new Set([...targets].flatMap((target) => (target.productId ? [target.productId] : [])))];
  const products = productIds.length
    ? await db.select({ id: productsTable.id, storeId: productsTable.storeId }).from(productsTable).where(inArray(productsTable.id, productIds))
    : [];
  const productStore = new Map(products.map((product) => [product.id, product.storeId]));
  const linkIds = new Map(found.map((store) => [store.id, new Set([...store.links.map((link) => link.id), ...store.socialLinks.map((link) => `social:${link.platform}`)])]));
  return (storeId, target) =>
    (target.productId === null || productStore.get(target.productId) === storeId) &&
    (target.linkId === null || target.linkId === undefined || linkIds.get(storeId)?.has(target.linkId) === true);
}
