import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import type { AnalyticsEventRow } from './analytics-event-row.ts';
import { columnText, encodeRows, type EncodedEvents } from './encoded-events.ts';
import { funnelUpsertCte, rollupUpsertCtes, SOURCE_COLUMNS, sourceOf } from './rollup-upsert-ctes.ts';

/** The funnel steps a visit records (0 or 1): a storefront or website page, a product page, a checkout, a purchase. */
const FLAGS = sql`
  max((b.type in ('storefront_view', 'page_view'))::int) as viewed_store, max((b.type = 'product_view')::int) as viewed_product,
  max((b.type = 'checkout_started')::int) as started_checkout, max((b.type = 'purchase')::int) as purchased`;

/** An event's source columns: its visit's (the entry source), or its own when it has no visit. */
const creditedSource = sql.raw(SOURCE_COLUMNS.map((column) => `case when s.visitor is null then b.${column} else s.${column} end as ${column}`).join(', '));

/**
 * Writes a batch as one statement (docs/analytics.md "The flush transaction"), whatever its size,
 * the rows passed once as three parameters (encoded-events.ts); PostgreSQL does the joins and
 * sums, and nothing comes back but a count:
 * 1. the funnel flags of the visits that already existed, and the batch's new visitor-days, each
 *    with its entry source (the visitor's earliest event in the batch) and its flags; every flag
 *    that goes from 0 to 1 adds one to the visit day's `funnel` rollup row of that step;
 * 2. the raw events, each credited to its visit's source (the existing visit's, or the new one's);
 * 3. the hourly and daily rollups, the batch's events summed per key and the new visits counted as
 *    visitors where first seen (`rollupUpsertCtes`, as the rebuild does), one upsert per key.
 * A visit another server inserted after this statement's snapshot is in neither set: its events
 * keep their own source, and that server counted the visitor. Answers how many events were written.
 */
export async function writeAnalyticsEvents(db: Executor, rows: readonly AnalyticsEventRow[]): Promise<number> {
  return writeEncodedEvents(db, encodeRows(rows));
}

/** `writeAnalyticsEvents` of a batch the flush encoded (prepare-analytics-events.ts). */
export async function writeEncodedEvents(db: Executor, encoded: EncodedEvents): Promise<number> {
  if (encoded.count === 0) return 0;
  const written = await (db as Database).execute<{ written: number }>(sql`
      with b as (${batchOf(encoded)}),
      f as (select b.store_id, b.visit_day, b.visitor, ${FLAGS} from b where b.visitor is not null group by 1, 2, 3 order by 1, 2, 3),
      prior as (
        select v.store_id, v.local_day, v.visitor, v.viewed_store, v.viewed_product, v.started_checkout, v.purchased, ${sourceOf('v')}
          from analytics_visits v join f on v.store_id = f.store_id and v.local_day = f.visit_day and v.visitor = f.visitor
      ),
      flagged as (
        update analytics_visits v
           set viewed_store = greatest(v.viewed_store, f.viewed_store), viewed_product = greatest(v.viewed_product, f.viewed_product),
               started_checkout = greatest(v.started_checkout, f.started_checkout), purchased = greatest(v.purchased, f.purchased)
          from f
         where v.store_id = f.store_id and v.local_day = f.visit_day and v.visitor = f.visitor
           and (v.viewed_store < f.viewed_store or v.viewed_product < f.viewed_product or v.started_checkout < f.started_checkout or v.purchased < f.purchased)
        returning 1
      ),
      fresh as (
        insert into analytics_visits (store_id, local_day, visitor, first_seen_at, referrer_host, utm_source, utm_medium, utm_campaign,
                                    country, device, browser, os, viewed_store, viewed_product, started_checkout, purchased)
      select distinct on (b.store_id, b.visit_day, b.visitor)
             b.store_id, b.visit_day, b.visitor, b.occurred_at, ${sourceOf('b')}, f.viewed_store, f.viewed_product, f.started_checkout, f.purchased
        from b join f on f.store_id = b.store_id and f.visit_day = b.visit_day and f.visitor = b.visitor
       order by b.store_id, b.visit_day, b.visitor, b.occurred_at, b.ord
      on conflict do nothing
      returning store_id, local_day, visitor, first_seen_at, ${sourceOf('analytics_visits')}, viewed_store, viewed_product, started_checkout, purchased
      ),
      ${funnelUpsertCte(sql`(
        select store_id, local_day, viewed_store, viewed_product, started_checkout, purchased from fresh
        union all
        select p.store_id, p.local_day, (f.viewed_store > p.viewed_store)::int, (f.viewed_product > p.viewed_product)::int,
               (f.started_checkout > p.started_checkout)::int, (f.purchased > p.purchased)::int
          from prior p join f on f.store_id = p.store_id and f.visit_day = p.local_day and f.visitor = p.visitor
      )`)},
      visit_sources as (
        select store_id, local_day, visitor, ${sourceOf('prior')} from prior
        union all
        select store_id, local_day, visitor, ${sourceOf('fresh')} from fresh
      ),
      e as (
        select b.occurred_at, b.store_id, b.local_day, b.type, b.visitor, b.product_id, b.link_id, b.page, b.order_id, b.revenue_cents, b.ord, ${creditedSource}
          from b left join visit_sources s on s.store_id = b.store_id and s.local_day = b.visit_day and s.visitor = b.visitor
      ),
      inserted as (
        insert into analytics_events (occurred_at, store_id, local_day, type, visitor, product_id, link_id, page, order_id, revenue_cents,
                                      referrer_host, utm_source, utm_medium, utm_campaign, country, device, browser, os)
        select occurred_at, store_id, local_day, type, visitor, product_id, link_id, page, order_id, revenue_cents, ${sourceOf('e')}
          from e order by ord
        returning 1
      ),
      ${rollupUpsertCtes(sql`e`, sql`(select store_id, local_day as day, first_seen_at, ${sourceOf('fresh')} from fresh)`)}
      select count(*)::int as written from inserted`);
  return written.rows[0]?.written ?? 0;
}

/**
 * The batch as `b`, numbered in arrival order: each event's time and shape number unnested from
 * two comma-separated lists, joined to its shape. Node builds three strings (one `JSON.stringify`
 * of the shapes, two `join`s of small integers) instead of escaping 19 arrays element by element.
 */
function batchOf(encoded: EncodedEvents): SQL {
  return sql`
    select to_timestamp((${encoded.base}::int8 + e.ms)::float8 / 1000) as occurred_at, s.store_id, s.local_day, s.type, s.visitor, s.visit_day,
           s.product_id, s.link_id, s.page, s.order_id, s.revenue_cents, s.referrer_host, s.utm_source, s.utm_medium, s.utm_campaign,
           s.country, s.device, s.browser, s.os, e.ord
      from unnest(string_to_array(${columnText(encoded, 'offsets')}, ',')::int8[], string_to_array(${columnText(encoded, 'shape')}, ',')::int4[])
             with ordinality as e(ms, shape, ord)
      join json_to_recordset(${JSON.stringify(encoded.shapes)}::json) as s(n int4, store_id text, local_day date, type text, visitor int8, visit_day date,
             product_id text, link_id text, page text, order_id text, revenue_cents int4, referrer_host text, utm_source text, utm_medium text,
             utm_campaign text, country text, device text, browser text, os text) on s.n = e.shape`;
}
