import type { AnalyticsEventType, RawAnalyticsEvent } from './analytics-event.ts';

/**
 * What an event is about. A served page passes the view tag kept beside its cached body, the same
 * object for every view of that page; a beacon's targets are interned per batch. The flush tells
 * targets apart by identity, never by building a key.
 */
export interface EventTarget {
  type: AnalyticsEventType;
  productId: string | null;
  page: string | null;
  linkId?: string | null;
}

/** One client of one store in this batch: its events share the day's hash, the country and the user agent's classes. */
export interface BatchVisitor {
  storeId: string;
  ip: string;
  userAgent: string;
}

/** One request context of a visitor in this batch (Host, Referer, query string): its events share the entry source. */
export interface BatchContext {
  visitor: BatchVisitor;
  host: string;
  referrer: string;
  query: string;
}

export type AnalyticsBatch = ReturnType<typeof createAnalyticsBatch>;

/**
 * A visitor under its address. Most addresses have one user agent and most visitors one context
 * in a batch: those are compared field by field, and a Map is made only for a second one.
 */
interface VisitorEntry {
  visitor: BatchVisitor;
  first: BatchContext;
  /** Host → Referer → query string → context, for the visitor's other contexts. */
  others: Map<string, Map<string, Map<string, BatchContext>>> | null;
  /** The address's other user agents. */
  agents: Map<string, VisitorEntry> | null;
}

/** The Map under `key`, created on first use. */
function level<K, V>(map: Map<K, V>, key: K, make: () => NoInfer<V>): V {
  let found = map.get(key);
  if (found === undefined) map.set(key, (found = make()));
  return found;
}
const newMap = <K, V>() => new Map<K, V>();

/**
 * Recorded events, column by column (docs/analytics.md "Buffer and flush"). Recording one pushes a
 * number and two references: the visitor and its context are found in Maps of Maps keyed by the
 * request's own strings (no key is built) and created once per batch, so a view allocates nothing
 * that outlives the request, and the flush works per visitor and per context instead of per event.
 * The IP address and user agent live here until the flush, and die with the batch.
 */
export function createAnalyticsBatch() {
  const at: number[] = [];
  const context: BatchContext[] = [];
  const target: EventTarget[] = [];
  const visitors = new Map<string, Map<string, VisitorEntry>>();
  const targets = new Map<AnalyticsEventType, Map<string | null, Map<string | null, Map<string | null, EventTarget>>>>();

  function contextOf(storeId: string, ip: string, userAgent: string, host: string, referrer: string, query: string): BatchContext {
    const byAddress = level(visitors, storeId, newMap);
    const firstAgent = byAddress.get(ip);
    let entry = firstAgent?.visitor.userAgent === userAgent ? firstAgent : firstAgent?.agents?.get(userAgent);
    if (entry === undefined) {
      const visitor = { storeId, ip, userAgent };
      const first = { visitor, host, referrer, query };
      entry = { visitor, first, others: null, agents: null };
      if (firstAgent === undefined) byAddress.set(ip, entry);
      else (firstAgent.agents ??= new Map<string, VisitorEntry>()).set(userAgent, entry);
      return first;
    }
    const first = entry.first;
    if (first.host === host && first.referrer === referrer && first.query === query) return first;
    const byQuery = level(level((entry.others ??= new Map<string, Map<string, Map<string, BatchContext>>>()), host, newMap), referrer, newMap);
    let found = byQuery.get(query);
    if (found === undefined) byQuery.set(query, (found = { visitor: entry.visitor, host, referrer, query }));
    return found;
  }

  function push(when: number, storeId: string, what: EventTarget, ip: string, userAgent: string, referrer: string, query: string, host: string): void {
    at.push(when);
    context.push(contextOf(storeId, ip, userAgent, host, referrer, query));
    target.push(what);
  }

  return {
    at,
    context,
    target,
    get length(): number {
      return at.length;
    },
    push,
    /** The stores this batch's events name. */
    storeIds: (): IterableIterator<string> => visitors.keys(),
    /** A beacon's or a test's event: its target interned, so equal targets are one object. */
    add(event: RawAnalyticsEvent): void {
      const byLink = level(level(level(targets, event.type, newMap), event.productId, newMap), event.page, newMap);
      let what = byLink.get(event.linkId);
      if (what === undefined) byLink.set(event.linkId, (what = { type: event.type, productId: event.productId, page: event.page, linkId: event.linkId }));
      push(event.at, event.storeId, what, event.ip, event.userAgent, event.referrer, event.query, event.host);
    },
  };
}

/** A batch holding these events, in this order (tests, and callers holding whole events). */
export function analyticsBatchOf(events: Iterable<RawAnalyticsEvent>): AnalyticsBatch {
  const batch = createAnalyticsBatch();
  for (const event of events) batch.add(event);
  return batch;
}
