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
  /** Its number in the batch, from 0. */
  id: number;
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

/** Events a new batch has room for; it doubles when full (the buffer starts another at `maxBatch`). */
const FIRST_CAPACITY = 1_024;

/**
 * Recorded events, column by column (docs/analytics.md "Buffer and flush"). Recording one writes a
 * time and two small numbers into typed arrays, outside the JavaScript heap: a batch lives until
 * the flush, a second or more, and every young-generation collection meanwhile would copy columns
 * kept in ordinary arrays, then promote them. The numbers name the event's context and target in
 * this batch's lists: the visitor and its context are found in Maps of Maps keyed by the request's
 * own strings (no key is built) and created once per batch, so a view allocates nothing that
 * outlives the request, and the flush works per visitor and per context instead of per event. The
 * IP address and user agent live here until the flush, and die with the batch.
 */
export function createAnalyticsBatch() {
  let length = 0;
  let times = new Float64Array(FIRST_CAPACITY);
  let contextIds = new Uint32Array(FIRST_CAPACITY);
  let targetIds = new Uint32Array(FIRST_CAPACITY);
  const contexts: BatchContext[] = [];
  const targetList: EventTarget[] = [];
  const targetIdOf = new Map<EventTarget, number>();
  // A page's views follow each other: the last target is compared before the Map is asked.
  let lastTarget: EventTarget | null = null;
  let lastTargetId = 0;
  const visitors = new Map<string, Map<string, VisitorEntry>>();
  const targets = new Map<AnalyticsEventType, Map<string | null, Map<string | null, Map<string | null, EventTarget>>>>();

  function newContext(visitor: BatchVisitor, host: string, referrer: string, query: string): BatchContext {
    const context = { id: contexts.length, visitor, host, referrer, query };
    contexts.push(context);
    return context;
  }

  function contextOf(storeId: string, ip: string, userAgent: string, host: string, referrer: string, query: string): BatchContext {
    const byAddress = level(visitors, storeId, newMap);
    const firstAgent = byAddress.get(ip);
    let entry = firstAgent?.visitor.userAgent === userAgent ? firstAgent : firstAgent?.agents?.get(userAgent);
    if (entry === undefined) {
      const visitor = { storeId, ip, userAgent };
      const first = newContext(visitor, host, referrer, query);
      entry = { visitor, first, others: null, agents: null };
      if (firstAgent === undefined) byAddress.set(ip, entry);
      else (firstAgent.agents ??= new Map<string, VisitorEntry>()).set(userAgent, entry);
      return first;
    }
    const first = entry.first;
    if (first.host === host && first.referrer === referrer && first.query === query) return first;
    const byQuery = level(level((entry.others ??= new Map<string, Map<string, Map<string, BatchContext>>>()), host, newMap), referrer, newMap);
    let found = byQuery.get(query);
    if (found === undefined) byQuery.set(query, (found = newContext(entry.visitor, host, referrer, query)));
    return found;
  }

  function targetIdFor(what: EventTarget): number {
    if (what === lastTarget) return lastTargetId;
    let id = targetIdOf.get(what);
    if (id === undefined) {
      id = targetList.length;
      targetList.push(what);
      targetIdOf.set(what, id);
    }
    lastTarget = what;
    lastTargetId = id;
    return id;
  }

  function grow(): void {
    const capacity = times.length * 2;
    times = withCapacity(times, new Float64Array(capacity));
    contextIds = withCapacity(contextIds, new Uint32Array(capacity));
    targetIds = withCapacity(targetIds, new Uint32Array(capacity));
  }

  function push(when: number, storeId: string, what: EventTarget, ip: string, userAgent: string, referrer: string, query: string, host: string): void {
    if (length === times.length) grow();
    times[length] = when;
    contextIds[length] = contextOf(storeId, ip, userAgent, host, referrer, query).id;
    targetIds[length] = targetIdFor(what);
    length += 1;
  }

  return {
    get length(): number {
      return length;
    },
    /** The i-th event's time (milliseconds since the epoch). */
    time: (i: number): number => times[i]!,
    /** The i-th event's request context (one object for every event of that context in this batch). */
    context: (i: number): BatchContext => contexts[contextIds[i]!]!,
    /** The i-th event's target (one object for every event of that target in this batch). */
    target: (i: number): EventTarget => targetList[targetIds[i]!]!,
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

function withCapacity<T extends Float64Array | Uint32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/** A batch holding these events, in this order (tests, and callers holding whole events). */
export function analyticsBatchOf(events: Iterable<RawAnalyticsEvent>): AnalyticsBatch {
  const batch = createAnalyticsBatch();
  for (const event of events) batch.add(event);
  return batch;
}
