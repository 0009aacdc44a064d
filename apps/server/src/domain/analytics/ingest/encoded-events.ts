import type { AnalyticsEventType } from '#src/analytics/analytics-event.ts';
import type { AnalyticsEventRow } from './analytics-event-row.ts';

/**
 * Every column of an event row but its time, as `json_to_recordset` reads it. Events that differ
 * only in their time (one visitor's views of one page within a day) share one shape.
 */
export interface EventShape {
  /** This shape's number, from 1: what `EncodedEvents.shape` names. */
  n: number;
  store_id: string;
  local_day: string;
  type: AnalyticsEventType;
  /** The visitor hash as decimal text (JSON has no 64-bit integers). */
  visitor: string | null;
  visit_day: string | null;
  product_id: string | null;
  link_id: string | null;
  page: string | null;
  order_id: string | null;
  revenue_cents: number | null;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  country: string | null;
  device: string | null;
  browser: string | null;
  os: string | null;
}

/**
 * A batch as the flush statement takes it (write-analytics-events.ts): the distinct shapes, and
 * per event, in order, its time (milliseconds after `base`) and its shape's number. Three
 * parameters whatever the batch size: one JSON text and two lists of small integers. The two
 * columns are typed arrays, outside the JavaScript heap: they wait for the statement, and young
 * collections meanwhile would copy ordinary arrays.
 */
export interface EncodedEvents {
  shapes: EventShape[];
  /** Milliseconds since the epoch that `offsets` count from. */
  base: number;
  /** Events encoded: the columns' first `count` entries. */
  count: number;
  offsets: Float64Array;
  shape: Uint32Array;
}

export function emptyEncodedEvents(capacity = 256): EncodedEvents {
  return { shapes: [], base: 0, count: 0, offsets: new Float64Array(capacity), shape: new Uint32Array(capacity) };
}

/** Appends one event of an existing shape, doubling the columns when full. */
export function pushEvent(encoded: EncodedEvents, at: number, shape: number): void {
  const i = encoded.count;
  if (i === 0) encoded.base = at;
  if (i === encoded.offsets.length) {
    const capacity = Math.max(16, i * 2);
    const offsets = new Float64Array(capacity);
    offsets.set(encoded.offsets);
    const shapes = new Uint32Array(capacity);
    shapes.set(encoded.shape);
    encoded.offsets = offsets;
    encoded.shape = shapes;
  }
  encoded.offsets[i] = at - encoded.base;
  encoded.shape[i] = shape;
  encoded.count = i + 1;
}

/** One column's first `count` entries as the statement takes it: comma-separated. */
export function columnText(encoded: EncodedEvents, column: 'offsets' | 'shape'): string {
  return encoded[column].subarray(0, encoded.count).join(',');
}

/** Rows given one by one (server events, tests): one shape each. */
export function encodeRows(rows: readonly AnalyticsEventRow[]): EncodedEvents {
  const encoded = emptyEncodedEvents();
  for (const row of rows) {
    const n = encoded.shapes.length + 1;
    encoded.shapes.push({
      n,
      store_id: row.storeId,
      local_day: row.localDay,
      type: row.type,
      visitor: row.visitor === null ? null : row.visitor.toString(),
      visit_day: row.visitDay,
      product_id: row.productId,
      link_id: row.linkId,
      page: row.page,
      order_id: row.orderId,
      revenue_cents: row.revenueCents,
      referrer_host: row.referrerHost,
      utm_source: row.utmSource,
      utm_medium: row.utmMedium,
      utm_campaign: row.utmCampaign,
      country: row.country,
      device: row.device,
      browser: row.browser,
      os: row.os,
    });
    pushEvent(encoded, row.occurredAt.getTime(), n);
  }
  return encoded;
}

/** The rows an encoded batch stands for, in order (tests read them). */
export function decodeRows(encoded: EncodedEvents): AnalyticsEventRow[] {
  return Array.from(encoded.offsets.subarray(0, encoded.count), (offset, i) => {
    const s = encoded.shapes[encoded.shape[i]! - 1]!;
    return {
      occurredAt: new Date(encoded.base + offset),
      storeId: s.store_id,
      localDay: s.local_day,
      type: s.type,
      visitor: s.visitor === null ? null : BigInt(s.visitor),
      visitDay: s.visit_day,
      productId: s.product_id,
      linkId: s.link_id,
      page: s.page,
      orderId: s.order_id,
      revenueCents: s.revenue_cents,
      referrerHost: s.referrer_host,
      utmSource: s.utm_source,
      utmMedium: s.utm_medium,
      utmCampaign: s.utm_campaign,
      country: s.country,
      device: s.device,
      browser: s.browser,
      os: s.os,
    };
  });
}
