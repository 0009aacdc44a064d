import { sql, type SQL } from 'drizzle-orm';

const COUNTERS = ['visitors', 'views', 'product_views', 'clicks', 'checkouts', 'sales', 'revenue_cents', 'signups'] as const;
/** The upserts' `do update set`: every counter of the row `r` plus the increment (`excluded`). */
const ADD_COUNTERS = sql.raw(COUNTERS.map((name) => `${name} = r.${name} + excluded.${name}`).join(', '));
/** A visit's source columns, which its events are credited with. */
export const SOURCE_COLUMNS = ['referrer_host', 'utm_source', 'utm_medium', 'utm_campaign', 'country', 'device', 'browser', 'os'] as const;
/** The source columns as a select list, qualified by `alias`. */
export const sourceOf = (alias: string) => sql.raw(SOURCE_COLUMNS.map((column) => `${alias}.${column}`).join(', '));
const SOURCE_OF_E = sourceOf('e');
const SOURCE_OF_V = sourceOf('v');

/**
 * The rollup upsert shared by the flush and the rebuild (docs/analytics.md "Rollups"), as CTEs
 * that read two sources named by the caller:
 * - `events`: store_id, occurred_at, local_day, type, product_id, link_id, page, revenue_cents and
 *   the visit's source columns (referrer_host, utm_*, country, device, browser, os);
 * - `visits`: the visitor-days to count, with store_id, day, first_seen_at and the same source columns.
 * The events are first counted per hour, day and every column a dimension reads (one visitor's
 * 5,000 views of a page in a batch are one row), the visits per hour, day and source; each such
 * group becomes one row per dimension it has, the rows are summed per key, and each key is
 * upserted once, in key order (concurrent writers lock rows in the same order):
 * counter = counter + excluded.counter. A null product, link or page has no row; a null source
 * value is '' ("direct / none", "unknown").
 */
export function rollupUpsertCtes(events: SQL, visits: SQL): SQL {
  return sql`
  grouped_events as (
    select e.store_id, date_trunc('hour', e.occurred_at, 'UTC') as hour, e.local_day as day, e.type, e.product_id, e.link_id, e.page,
           ${SOURCE_OF_E}, count(*)::int as n,
           sum(case when e.type in ('purchase', 'plan_instalment') then coalesce(e.revenue_cents, 0) else 0 end)::bigint as revenue_cents
      from ${events} e
     group by 1, 2, 3, 4, 5, 6, 7, ${SOURCE_OF_E}
  ),
  grouped_visits as (
    select v.store_id, date_trunc('hour', v.first_seen_at, 'UTC') as hour, v.day, ${SOURCE_OF_V}, count(*)::int as n
      from ${visits} v
     group by 1, 2, 3, ${SOURCE_OF_V}
  ),
  contributions as (
    select g.store_id, g.hour, g.day, d.dimension, d.value,
           0 as visitors,
           case when g.type in ('storefront_view', 'product_view', 'page_view') then g.n else 0 end as views,
           case when g.type = 'product_view' then g.n else 0 end as product_views,
           case when g.type = 'link_click' then g.n else 0 end as clicks,
           case when g.type = 'checkout_started' then g.n else 0 end as checkouts,
           case when g.type = 'purchase' then g.n else 0 end as sales,
           g.revenue_cents,
           case when g.type = 'members_signup' then g.n else 0 end as signups
      from grouped_events g
     cross join lateral (values
       ('all', ''), ('product', g.product_id), ('link', g.link_id), ('page', g.page),
       ('referrer', coalesce(g.referrer_host, '')), ('utm_source', coalesce(g.utm_source, '')),
       ('utm_medium', coalesce(g.utm_medium, '')), ('utm_campaign', coalesce(g.utm_campaign, '')),
       ('country', coalesce(g.country, '')), ('device', coalesce(g.device, '')),
       ('browser', coalesce(g.browser, '')), ('os', coalesce(g.os, ''))
     ) as d(dimension, value)
     where d.value is not null
    union all
    select v.store_id, v.hour, v.day, d.dimension, d.value, v.n, 0, 0, 0, 0, 0, 0::bigint, 0
      from grouped_visits v
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
