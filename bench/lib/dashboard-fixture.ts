import pg from 'pg';
import { signUpCreator } from './creator.ts';
import { connectionStringOf } from './database.ts';
import { callFunction } from './server.ts';

/** The shape of a big store: what the dashboard reads at 100,000 orders. */
export const DASHBOARD_FIXTURE = { orders: 100_000, customers: 50_000, products: 200, days: 365 } as const;

/** Twenty first names and twenty surnames: the prefix `oli` (Olivia, Oliver) matches one customer in ten. */
const FIRST = ['Olivia', 'Liam', 'Emma', 'Noah', 'Amelia', 'Oliver', 'Ava', 'Elijah', 'Sophia', 'Mateo', 'Isabella', 'Lucas', 'Mia', 'Levi', 'Harper', 'Ezra', 'Luna', 'James', 'Chloe', 'Aiden'];
const LAST = ['Smith', 'Garcia', 'Chen', 'Muller', 'Rossi', 'Dubois', 'Kowalski', 'Silva', 'Tanaka', 'Nguyen', 'Okafor', 'Jensen', 'Novak', 'Haddad', 'Kim', 'Lopez', 'Brown', 'Singh', 'Moreau', 'Walsh'];

export interface DashboardFixture {
  storeId: string;
  slug: string;
  token: string;
  /** A client of the server's database (the bench's EXPLAIN and recount); end it when done. */
  db: pg.Client;
}

/**
 * One creator (signed up through the front door) whose store has 200 published products, 50,000
 * customers and 100,000 orders over the last year (each with its line, 3 % fully and 1 % partly
 * refunded), plus a year of analytics rollups, all written in SQL into the app's own tables by
 * `generate_series` (seconds, not 100,000 function calls). Ids are well-formed (`ord_` + 20 of
 * [0-9a-z]) so cursors and routes accept them. The counters the app keeps on write (decision 036)
 * follow these inserts through their triggers, as they follow any other writer.
 */
export async function seedDashboardStore(server: { url: string; publicUrl: string; dataDir: string }): Promise<DashboardFixture> {
  const email = `bench-dashboard-${Date.now()}@example.com`;
  const password = 'bench-password-4821';
  await signUpCreator(server.url, server.publicUrl, email, password);
  const origin = { origin: server.publicUrl };
  const signIn = (await callFunction(server.url, 'signInWithPassword', { email, password }, origin)) as { idToken: string };
  const auth = { ...origin, authorization: `Bearer ${signIn.idToken}` };
  const slug = `bench-dashboard-${Date.now() % 100000}`;
  const store = (await callFunction(server.url, 'createStoreWithTenant', { storeName: 'Bench Dashboard', slug }, auth)) as { id: string };

  const db = new pg.Client({ connectionString: connectionStringOf(server.dataDir) });
  db.on('error', () => {});
  await db.connect();
  await seedDashboardRows(db, store.id);
  return { storeId: store.id, slug, token: signIn.idToken, db };
}

const id = (prefix: string, key: string) => `'${prefix}_' || substr(md5($1 || '${key}' || n), 1, 20)`;

/** The fixture's rows for a store that exists (its creator and tenant made by the app). */
export async function seedDashboardRows(db: pg.Client, storeId: string): Promise<void> {
  const { orders, customers, products, days } = DASHBOARD_FIXTURE;
  await db.query('begin');
  await db.query(
    `insert into products (id, store_id, slug, type, title, price_mode, price_cents, currency, cta_label, status, created_at)
     select ${id('prd', 'p')}, $1, 'product-' || n, 'digital', 'Product ' || n, 'fixed', 900 + n * 10, 'USD', 'Buy now', 'published',
            now() - make_interval(days => ${days} + n)
     from generate_series(1, ${products}) as n`,
    [storeId],
  );
  await db.query(
    `insert into customers (id, store_id, email, name, marketing_consent, created_at)
     select ${id('cus', 'c')}, $1,
            lower(f.name || '.' || l.name || n || '@example.com'), f.name || ' ' || l.name, n % 3 = 0,
            now() - make_interval(days => ${days}) + n * make_interval(days => ${days}) / ${customers}
     from generate_series(1, ${customers}) as n
     cross join lateral (select ($2::text[])[n % 20 + 1] as name) f
     cross join lateral (select ($3::text[])[(n / 20) % 20 + 1] as name) l`,
    [storeId, FIRST, LAST],
  );
  // Order n: customer n % customers, product n % products, spread evenly over the year, newest last.
  const orderRows = `select n, now() - make_interval(days => ${days}) + n * make_interval(days => ${days}) / ${orders} as at,
                            ${id('ord', 'o')} as order_id, ${id('chk', 'k')} as checkout_id,
                            'cus_' || substr(md5($1 || 'c' || (n % ${customers} + 1)), 1, 20) as customer_id,
                            'prd_' || substr(md5($1 || 'p' || (n % ${products} + 1)), 1, 20) as product_id,
                            900 + (n % ${products} + 1) * 10 as amount
                     from generate_series(1, ${orders}) as n`;
  await db.query(
    `insert into checkouts (id, store_id, product_id, idempotency_key, email, name, amount_cents, currency, provider, status, expires_at, completed_at, created_at)
     select checkout_id, $1, product_id, 'bench-' || n, 'buyer' || n || '@example.com', 'Buyer', amount, 'USD', 'test', 'completed', at + interval '1 day', at, at
     from (${orderRows}) o`,
    [storeId],
  );
  await db.query(
    `insert into orders (id, store_id, checkout_id, customer_id, product_id, product_title, status, provider, provider_payment_id,
                         amount_cents, currency, refunded_cents, refunded_at, created_at, updated_at)
     select order_id, $1, checkout_id, customer_id, product_id, 'Product ' || (n % ${products} + 1),
            case when n % 33 = 0 then 'refunded' else 'paid' end, 'test', 'pay_' || n, amount, 'USD',
            case when n % 33 = 0 then amount when n % 100 = 1 then amount / 2 else 0 end,
            case when n % 33 = 0 then at + interval '2 days' end, at, at
     from (${orderRows}) o`,
    [storeId],
  );
  await db.query(
    `insert into order_items (id, order_id, store_id, product_id, title, amount_cents, position)
     select ${id('itm', 'i')}, order_id, $1, product_id, 'Product ' || (n % ${products} + 1), amount, 0 from (${orderRows}) o`,
    [storeId],
  );
  await db.query(
    `insert into order_refunds (id, order_id, store_id, amount_cents, created_at)
     select ${id('rf', 'r')}, order_id, $1, case when n % 33 = 0 then amount else amount / 2 end, at + interval '2 days'
     from (${orderRows}) o where n % 33 = 0 or n % 100 = 1`,
    [storeId],
  );
  await seedRollups(db, storeId);
  await db.query('commit');
  await db.query('analyze');
}

/**
 * A year and a month of daily analytics rollups (docs/analytics.md "Rollups"): the store's total
 * (`all`) and the overview's dimensions, so getAnalyticsOverview reads as much as it would.
 */
async function seedRollups(db: pg.Client, storeId: string): Promise<void> {
  const { products, days } = DASHBOARD_FIXTURE;
  await db.query(
    `insert into analytics_daily (store_id, day, dimension, value, visitors, views, product_views, clicks, checkouts, sales, revenue_cents)
     select $1, (current_date - d)::date, dim.dimension, dim.value,
            dim.weight * 40, dim.weight * 120, dim.weight * 60, dim.weight * 10, dim.weight * 5, dim.weight * 3, dim.weight * 3000
     from generate_series(0, ${days + 31}) as d
     cross join (
       select 'all' as dimension, '' as value, 10 as weight
       union all select 'product', 'prd_' || substr(md5($1 || 'p' || p), 1, 20), 1 from generate_series(1, ${products}) as p
       union all select 'link', 'link-' || l, 1 from generate_series(1, 10) as l
       union all select 'page', '/page-' || g, 1 from generate_series(1, 5) as g
       union all select 'referrer', r, 1 from unnest(array['', 'instagram.com', 'tiktok.com', 'youtube.com', 'google.com', 'x.com']) as r
       union all select 'utm_source', u, 1 from unnest(array['', 'newsletter', 'instagram', 'tiktok', 'podcast']) as u
       union all select 'utm_campaign', 'campaign-' || c, 1 from generate_series(1, 11) as c
       union all select 'country', c, 1 from unnest(array['US', 'GB', 'DE', 'FR', 'AU', 'CA', 'BR', 'IN', 'JP', 'NL', 'ES', 'IT']) as c
       union all select 'device', v, 1 from unnest(array['mobile', 'desktop', 'tablet']) as v
       union all select 'browser', b, 1 from unnest(array['Safari', 'Chrome', 'Firefox', 'Edge', 'Samsung Internet']) as b
       union all select 'os', o, 1 from unnest(array['iOS', 'Android', 'Windows', 'macOS']) as o
     ) as dim`,
    [storeId],
  );
}
