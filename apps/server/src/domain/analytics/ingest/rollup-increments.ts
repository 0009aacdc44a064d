import { param, sql, type SQL } from 'drizzle-orm';
import type { AnalyticsEventType } from '#src/analytics/analytics-event.ts';

/** The source and client columns an event is credited to (its visit's entry source). */
export interface SourceColumns {
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  country: string | null;
  device: string | null;
  browser: string | null;
  os: string | null;
}

export interface CountedEvent {
  storeId: string;
  occurredAt: Date;
  localDay: string;
  type: AnalyticsEventType;
  productId: string | null;
  linkId: string | null;
  page: string | null;
  revenueCents: number | null;
  source: SourceColumns;
}

export interface CountedVisit {
  storeId: string;
  /** The visit's day (the rollup day its visitor is counted on). */
  day: string;
  firstSeenAt: Date;
  source: SourceColumns;
}

const COUNTERS = ['visitors', 'views', 'product_views', 'clicks', 'checkouts', 'sales', 'revenue_cents', 'signups'] as const;
type Counters = Record<(typeof COUNTERS)[number], number>;
interface Increment extends Counters {
  storeId: string;
  bucket: string;
  dimension: string;
  value: string;
}

const SOURCE_DIMENSIONS = [
  ['referrer', 'referrer_host'],
  ['utm_source', 'utm_source'],
  ['utm_medium', 'utm_medium'],
  ['utm_campaign', 'utm_campaign'],
  ['country', 'country'],
  ['device', 'device'],
  ['browser', 'browser'],
  ['os', 'os'],
] as const;

/** The dimension values one event or visit counts under: `all`, its source columns ('' for none) and, for events, product, link and page. */
function dimensionsOf(source: SourceColumns, own?: Pick<CountedEvent, 'productId' | 'linkId' | 'page'>): [string, string][] {
  const out: [string, string][] = [['all', '']];
  for (const [dimension, column] of SOURCE_DIMENSIONS) out.push([dimension, source[column] ?? '']);
  if (own?.productId != null) out.push(['product', own.productId]);
  if (own?.linkId != null) out.push(['link', own.linkId]);
  if (own?.page != null) out.push(['page', own.page]);
  return out;
}

/** An event's counters, in COUNTERS order. */
function countersOf(event: CountedEvent): number[] {
  const { type } = event;
  const view = type === 'storefront_view' || type === 'product_view' || type === 'page_view' ? 1 : 0;
  const sale = type === 'purchase' ? 1 : 0;
  return [0, view, type === 'product_view' ? 1 : 0, type === 'link_click' ? 1 : 0, type === 'checkout_started' ? 1 : 0, sale, sale ? (event.revenueCents ?? 0) : 0, type === 'members_signup' ? 1 : 0];
}

const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000).toISOString();

/**
 * A batch's increments to the hourly (UTC hour) and daily (store-local day) rollups, summed in
 * memory so each key is sent and upserted once: every event counts under each of its dimensions,
 * every new visit adds a visitor where it was first seen. The same rules as `rollupUpsertCtes`
 * (which the rebuild runs in SQL; the property test holds the two equal).
 */
export function rollupIncrements(events: readonly CountedEvent[], newVisits: readonly CountedVisit[]): { hourly: Increment[]; daily: Increment[] } {
  const hourly: Tree = new Map();
  const daily: Tree = new Map();
  for (const event of events) {
    const counters = countersOf(event);
    const hour = hourOf(event.occurredAt);
    for (const [dimension, value] of dimensionsOf(event.source, event)) {
      add(hourly, event.storeId, hour, dimension, value, counters);
      add(daily, event.storeId, event.localDay, dimension, value, counters);
    }
  }
  const visitor = [1, 0, 0, 0, 0, 0, 0, 0];
  for (const visit of newVisits) {
    const hour = hourOf(visit.firstSeenAt);
    for (const [dimension, value] of dimensionsOf(visit.source)) {
      add(hourly, visit.storeId, hour, dimension, value, visitor);
      add(daily, visit.storeId, visit.day, dimension, value, visitor);
    }
  }
  return { hourly: flatten(hourly), daily: flatten(daily) };
}

/**
 * Sums by store → bucket → dimension → value, counters as number arrays in COUNTERS order. Nested
 * maps look up the strings the rows already hold; one concatenated key per add costs more than the
 * whole sum on a batch of thousands.
 */
type Tree = Map<string, Map<string, Map<string, Map<string, number[]>>>>;

function add(tree: Tree, storeId: string, bucket: string, dimension: string, value: string, counters: readonly number[]): void {
  let buckets = tree.get(storeId);
  if (!buckets) tree.set(storeId, (buckets = new Map()));
  let dimensions = buckets.get(bucket);
  if (!dimensions) buckets.set(bucket, (dimensions = new Map()));
  let values = dimensions.get(dimension);
  if (!values) dimensions.set(dimension, (values = new Map()));
  let sums = values.get(value);
  if (!sums) values.set(value, (sums = [0, 0, 0, 0, 0, 0, 0, 0]));
  for (let i = 0; i < 8; i++) sums[i]! += counters[i]!;
}

/** The tree as rows in key order (concurrent writers then lock rows in the same order). */
function flatten(tree: Tree): Increment[] {
  const rows: Increment[] = [];
  const sorted = <T>(map: Map<string, T>) => [...map.entries()].sort(([a], [b]) => compare(a, b));
  for (const [storeId, buckets] of sorted(tree))
    for (const [bucket, dimensions] of sorted(buckets))
      for (const [dimension, values] of sorted(dimensions))
        for (const [value, sums] of sorted(values)) {
          const counters = Object.fromEntries(COUNTERS.map((name, i) => [name, sums[i]!])) as Counters;
          rows.push({ storeId, bucket, dimension, value, ...counters });
        }
  return rows;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Upserts increments into `analytics_hourly` or `analytics_daily`, in key order (concurrent
 * writers lock rows in the same order): counter = counter + the increment.
 */
export function upsertIncrements(table: 'hourly' | 'daily', rows: readonly Increment[]): SQL {
  const [name, bucket, type] = table === 'hourly' ? ['analytics_hourly', 'hour', 'timestamptz'] : ['analytics_daily', 'day', 'date'];
  const column = (pick: (row: Increment) => string | number) => param(rows.map(pick));
  return sql`
    insert into ${sql.raw(name)} as r (store_id, ${sql.raw(bucket)}, dimension, value, visitors, views, product_views, clicks, checkouts, sales, revenue_cents, signups)
    select * from unnest(${column((r) => r.storeId)}::text[], ${column((r) => r.bucket)}::${sql.raw(type)}[], ${column((r) => r.dimension)}::text[],
                         ${column((r) => r.value)}::text[], ${column((r) => r.visitors)}::int4[], ${column((r) => r.views)}::int4[],
                         ${column((r) => r.product_views)}::int4[], ${column((r) => r.clicks)}::int4[], ${column((r) => r.checkouts)}::int4[],
                         ${column((r) => r.sales)}::int4[], ${column((r) => r.revenue_cents)}::int8[], ${column((r) => r.signups)}::int4[])
    on conflict (store_id, ${sql.raw(bucket)}, dimension, value) do update set ${ADD_COUNTERS}`;
}

/** The upserts' `do update set`: every counter of the row `r` plus the increment (`excluded`). */
export const ADD_COUNTERS = sql.raw(COUNTERS.map((name) => `${name} = r.${name} + excluded.${name}`).join(', '));
