import { param, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import type { AnalyticsEventRow } from './analytics-event-row.ts';
import { rollupIncrements, upsertIncrements, type SourceColumns } from './rollup-increments.ts';
import { funnelUpsertCte } from './rollup-upsert-ctes.ts';

/** The funnel steps a visit records (0 or 1): a storefront or website page, a product page, a checkout, a purchase. */
const FLAGS = sql`
  max((b.type in ('storefront_view', 'page_view'))::int) as viewed_store, max((b.type = 'product_view')::int) as viewed_product,
  max((b.type = 'checkout_started')::int) as started_checkout, max((b.type = 'purchase')::int) as purchased`;

/**
 * Writes a batch in one transaction (docs/analytics.md "The flush transaction"), four statements
 * whatever its size, the rows passed as arrays and unnested:
 * 1. the funnel flags of the visits that already existed, and the batch's new visitor-days, each
 *    with its entry source (the visitor's earliest event in the batch) and its flags; every flag
 *    that goes from 0 to 1 adds one to the visit day's `funnel` rollup row of that step;
 * 2. the raw events, each taking its visit's source and client columns (returned, in batch order);
 * 3. the hourly and daily rollups, incremented by the batch summed in memory (`rollupIncrements`:
 *    the new visits counted as visitors where first seen), one upsert each.
 * With a transaction as `db` it runs in a savepoint of it. Answers how many events were written.
 */
export async function writeAnalyticsEvents(db: Executor, rows: readonly AnalyticsEventRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const batch = batchOf(rows);
  return (db as Database).transaction(async (tx) => {
    const visits = await tx.execute<NewVisit>(sql`
      with b as (select * from ${batch}),
      f as (select b.store_id, b.visit_day, b.visitor, ${FLAGS} from b where b.visitor is not null group by 1, 2, 3 order by 1, 2, 3),
      prior as (
        select v.store_id, v.local_day, v.visitor, v.viewed_store, v.viewed_product, v.started_checkout, v.purchased
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
             b.store_id, b.visit_day, b.visitor, b.occurred_at, b.referrer_host, b.utm_source, b.utm_medium, b.utm_campaign,
             b.country, b.device, b.browser, b.os, f.viewed_store, f.viewed_product, f.started_checkout, f.purchased
        from b join f on f.store_id = b.store_id and f.visit_day = b.visit_day and f.visitor = b.visitor
       order by b.store_id, b.visit_day, b.visitor, b.occurred_at, b.ord
      on conflict do nothing
      returning store_id, local_day, local_day::text as day, first_seen_at, referrer_host, utm_source, utm_medium, utm_campaign, country, device, browser, os,
                viewed_store, viewed_product, started_checkout, purchased
      ),
      ${funnelUpsertCte(sql`(
        select store_id, local_day, viewed_store, viewed_product, started_checkout, purchased from fresh
        union all
        select p.store_id, p.local_day, (f.viewed_store > p.viewed_store)::int, (f.viewed_product > p.viewed_product)::int,
               (f.started_checkout > p.started_checkout)::int, (f.purchased > p.purchased)::int
          from prior p join f on f.store_id = p.store_id and f.visit_day = p.local_day and f.visitor = p.visitor
      )`)}
      select * from fresh`);

    const fresh = visits.rows;
    // The raw events, each with its visit's source; their sources come back, in batch order.
    const inserted = await tx.execute<SourceColumns & Record<string, unknown>>(sql`
      with e as (
        select b.occurred_at, b.store_id, b.local_day, b.type, b.visitor, b.product_id, b.link_id, b.page, b.order_id, b.revenue_cents, b.ord,
               ${fromVisit('referrer_host')}, ${fromVisit('utm_source')}, ${fromVisit('utm_medium')}, ${fromVisit('utm_campaign')},
               ${fromVisit('country')}, ${fromVisit('device')}, ${fromVisit('browser')}, ${fromVisit('os')}
            from ${batch}
          left join analytics_visits v on v.store_id = b.store_id and v.local_day = b.visit_day and v.visitor = b.visitor
      ),
      inserted as (
        insert into analytics_events (occurred_at, store_id, local_day, type, visitor, product_id, link_id, page, order_id, revenue_cents,
                                      referrer_host, utm_source, utm_medium, utm_campaign, country, device, browser, os)
        select occurred_at, store_id, local_day, type, visitor, product_id, link_id, page, order_id, revenue_cents,
               referrer_host, utm_source, utm_medium, utm_campaign, country, device, browser, os
          from e order by ord
      )
      select ord, referrer_host, utm_source, utm_medium, utm_campaign, country, device, browser, os from e order by ord`);
    const sources = inserted.rows;
    // The rollups: the batch summed in memory (each key sent once), then upserted.
    const { hourly, daily } = rollupIncrements(
      rows.map((row, index) => ({ ...row, source: sources[index]! })),
      fresh.map((visit) => ({ storeId: visit.store_id, day: visit.day, firstSeenAt: new Date(visit.first_seen_at), source: visit })),
    );
    if (hourly.length > 0) await tx.execute(upsertIncrements('hourly', hourly));
    if (daily.length > 0) await tx.execute(upsertIncrements('daily', daily));
    return sources.length;
  });
}

interface NewVisit extends SourceColumns, Record<string, unknown> {
  store_id: string;
  day: string;
  first_seen_at: string | Date;
}

/** An event's source column: its visit's (the entry source), or its own when it has no visitor. */
const fromVisit = (column: string) => sql.raw(`case when v.visitor is null then b.${column} else v.${column} end as ${column}`);


/** The batch as `b`: one array parameter per column, unnested, numbered in arrival order. */
function batchOf(rows: readonly AnalyticsEventRow[]): SQL {
  const column = <T>(pick: (row: AnalyticsEventRow) => T) => param(rows.map(pick));
  return sql`unnest(
      ${column((r) => r.occurredAt.toISOString())}::timestamptz[], ${column((r) => r.storeId)}::text[], ${column((r) => r.localDay)}::date[],
      ${column((r) => r.type)}::text[], ${column((r) => (r.visitor === null ? null : r.visitor.toString()))}::int8[], ${column((r) => r.visitDay)}::date[],
      ${column((r) => r.productId)}::text[], ${column((r) => r.linkId)}::text[], ${column((r) => r.page)}::text[], ${column((r) => r.orderId)}::text[],
      ${column((r) => r.revenueCents)}::int4[], ${column((r) => r.referrerHost)}::text[], ${column((r) => r.utmSource)}::text[],
      ${column((r) => r.utmMedium)}::text[], ${column((r) => r.utmCampaign)}::text[], ${column((r) => r.country)}::text[],
      ${column((r) => r.device)}::text[], ${column((r) => r.browser)}::text[], ${column((r) => r.os)}::text[]
    ) with ordinality as b(occurred_at, store_id, local_day, type, visitor, visit_day, product_id, link_id, page, order_id, revenue_cents,
                           referrer_host, utm_source, utm_medium, utm_campaign, country, device, browser, os, ord)`;
}
