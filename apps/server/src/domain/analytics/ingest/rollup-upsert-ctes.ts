import { sql, type SQL } from 'drizzle-orm';

const COUNTERS = ['visitors', 'views', 'product_views', 'clicks', 'checkouts', 'sales', 'revenue_cents', 'signups'] as const;
/** The upserts' `do update set`: every counter of the row `r` plus the increment (`excluded`). */
const ADD_COUNTERS = sql.raw(COUNTERS.map((name) => `${name} = r.${name} + excluded.${name}`).join(', '));

/**
 * The rollup upsert shared by the flush and the rebuild (docs/analytics.md "Rollups"), as CTEs
 * that read two sources named by the caller:
 * - `events`: store_id, occurred_at, local_day, type, product_id, link_id, page, revenue_cents and
 *   the visit's source columns (referrer_host, utm_*, country, device, browser, os);
 * - `visits`: the visitor-days to count, with store_id, day, first_seen_at and the same source columns.
 * Every event and visit becomes one row per dimension it has, the rows are summed per key, and
 * each key is upserted once, in key order (concurrent writers lock rows in the same order):
 * counter = counter + excluded.counter. A null product, link or page has no row; a null source
 * value is '' ("direct / none", "unknown").
 */
export function rollupUpsertCtes(events: SQL, visits: SQL): SQL {
  return sql`
  contributions as (
    select e.store_id, date_trunc('hour', e.occurred_at, 'UTC') as hour, e.local_day as day, d.dimension, d.value,
           0 as visitors,
           (e.type in ('storefront_view', 'product_view', 'page_view'))::int as views,
           (e.type = 'product_view')::int as product_views,
           (e.type = 'link_click')::int as clicks,
           (e.type = 'checkout_started')::int as checkouts,
           (e.type = 'purchase')::int as sales,
           case when e.type in ('purchase', 'plan_instalment') then coalesce(e.revenue_cents, 0) else 0 end::bigint as revenue_cents,
           (e.type = 'members_signup')::int as signups
      from ${events} e
     cross join lateral (values
       ('all', ''), ('product', e.product_id), ('link', e.link_id), ('page', e.page),
       ('referrer', coalesce(e.referrer_host, '')), ('utm_source', coalesce(e.utm_source, '')),
       ('utm_medium', coalesce(e.utm_medium, '')), ('utm_campaign', coalesce(e.utm_campaign, '')),
       ('country', coalesce(e.country, '')), ('device', coalesce(e.device, '')),
       ('browser', coalesce(e.browser, '')), ('os', coalesce(e.os, ''))
     ) as d(dimension, value)
     where d.value is not null
    union all
    select v.store_id, date_trunc('hour', v.first_seen_at, 'UTC'), v.day, d.dimension, d.value, 1, 0, 0, 0, 0, 0, 0::bigint, 0
      from ${visits} v
     cross join lateral (values
       ('all', ''), ('referrer', coalesce(v.referrer_host, '')), ('utm_source', coalesce(v.utm_source, '')),
       ('utm_medium', coalesce(v.utm_medium, '')), ('utm_campaign', coalesce(v.utm_campaign, '')),
       ('country', coalesce(v.country, '')), ('device', coalesce(v.device, '')),
       ('browser', coalesce(v.browser, '')), ('os', coalesce(v.os, ''))
     ) as d(dimension, value)
  ),
  hourly as (
    insert into analytics_hourly as r (store_id, hour, dimension, value, visitors, views, product_views, clicks, checkouts, sales, revenue_cents, signups)
    select store_id, hour, dimension, value, sum(visitors), sum(views), sum(product_views), sum(clicks), sum(checkouts), sum(sales), sum(revenue_cents), sum(signups)
      from contributions group by store_id, hour, dimension, value order by store_id, hour, dimension, value
    on conflict (store_id, hour, dimension, value) do update set ${ADD_COUNTERS}
    returning 1
  ),
  daily as (
    insert into analytics_daily as r (store_id, day, dimension, value, visitors, views, product_views, clicks, checkouts, sales, revenue_cents, signups)
    select store_id, day, dimension, value, sum(visitors), sum(views), sum(product_views), sum(clicks), sum(checkouts), sum(sales), sum(revenue_cents), sum(signups)
      from contributions group by store_id, day, dimension, value order by store_id, day, dimension, value
    on conflict (store_id, day, dimension, value) do update set ${ADD_COUNTERS}
    returning 1
  )`;
}

/**
 * The `funnel` rows of the daily rollup (value: the step) as one CTE named `funnel`: `steps` holds
 * store_id, local_day (the visit's day) and, per step, 1 when the visit reached it now for the
 * first time. Summed per day and step, upserted like the other counters into `visitors`, so the
 * advanced funnel reads a few rows a day instead of every visit.
 */
export function funnelUpsertCte(steps: SQL): SQL {
  return sql`
  funnel as (
    insert into analytics_daily as r (store_id, day, dimension, value, visitors)
    select s.store_id, s.local_day, 'funnel', x.step, sum(x.reached)
      from ${steps} as s(store_id, local_day, viewed_store, viewed_product, started_checkout, purchased)
     cross join lateral (values
       ('storefront_view', s.viewed_store), ('product_view', s.viewed_product),
       ('checkout_started', s.started_checkout), ('purchase', s.purchased)
     ) as x(step, reached)
     group by s.store_id, s.local_day, x.step
    having sum(x.reached) > 0
     order by s.store_id, s.local_day, x.step
    on conflict (store_id, day, dimension, value) do update set visitors = r.visitors + excluded.visitors
    returning 1
  )`;
}
