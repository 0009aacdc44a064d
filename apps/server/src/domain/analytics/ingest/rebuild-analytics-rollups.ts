import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { funnelUpsertCte, rollupUpsertCtes } from './rollup-upsert-ctes.ts';

/**
 * Recomputes one store's hourly and daily rollups from its raw events and visits, in one
 * transaction (a transaction as `db`: a savepoint of it). Used when the store's time zone changes:
 * the events' local days are first moved to the new zone, then both rollups are deleted and
 * rebuilt, the visitors counted on the day (and hour) they were first seen in the new zone. The
 * visits keep their key day: it names the salt their hash was made with, and the `funnel` rows
 * (counted from the visits' flags) stay on it.
 */
export async function rebuildAnalyticsRollups(db: Executor, storeId: string): Promise<void> {
  await (db as Database).transaction(async (tx) => {
    // A busy store has millions of events: past the pool's 10 s statement limit (a job or the CLI runs this).
    await tx.execute(sql`set local statement_timeout = '30min'`);
    const [store] = (await tx.execute<{ time_zone: string }>(sql`select time_zone from stores where id = ${storeId} for update`)).rows;
    if (!store) return;
    const zone = store.time_zone;
    await tx.execute(sql`
      update analytics_events set local_day = (occurred_at at time zone ${zone})::date
       where store_id = ${storeId} and local_day <> (occurred_at at time zone ${zone})::date`);
    await tx.execute(sql`delete from analytics_hourly where store_id = ${storeId}`);
    await tx.execute(sql`delete from analytics_daily where store_id = ${storeId}`);
    await tx.execute(sql`
      with e as (select * from analytics_events where store_id = ${storeId}),
      v as (select *, (first_seen_at at time zone ${zone})::date as day from analytics_visits where store_id = ${storeId}),
      ${rollupUpsertCtes(sql`e`, sql`v`)}
      select (select count(*) from hourly) + (select count(*) from daily) as rows`);
    await tx.execute(sql`
      with ${funnelUpsertCte(sql`(
        select store_id, local_day, viewed_store, viewed_product, started_checkout, purchased from analytics_visits where store_id = ${storeId}
      )`)}
      select count(*) from funnel`);
  });
}
