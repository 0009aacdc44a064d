// Exports the logical replication set-up (MIRRORED_TABLES, ensurePublication, ensureSubscription,
// installMirrorTriggers, subscriptionState): one module because the publication and the
// subscription must name the same tables and the same publication.
import type pg from 'pg';
import { STOREFRONT_CHANGED_CHANNEL } from './storefront-events.ts';

/**
 * What a secondary region mirrors (spec §3): the rows a storefront, a website page and a store
 * lookup read, and the heartbeat that measures the lag. Everything else stays on the primary.
 */
export const MIRRORED_TABLES = [
  'stores',
  'products',
  'product_files',
  'bundle_items',
  'custom_domains',
  'bio_domains',
  'website_pages',
  'region_heartbeats',
] as const;

export const PUBLICATION = 'shopfront_mirror';

/** The subscription's name on a mirror: one per region, so one primary can feed several. */
export const subscriptionName = (region: string) => `shopfront_mirror_${region.replace(/[^a-z0-9]/g, '_')}`;

/**
 * On the primary (wal_level = logical): the publication, created or brought to exactly the
 * mirrored tables (a later release may add one; `refreshSubscription` then picks it up).
 */
export async function ensurePublication(primary: pg.ClientBase): Promise<void> {
  const tables = MIRRORED_TABLES.map((table) => primary.escapeIdentifier(table)).join(', ');
  const found = await primary.query('select 1 from pg_publication where pubname = $1', [PUBLICATION]);
  if (found.rowCount === 0) await primary.query(`create publication ${PUBLICATION} for table ${tables}`);
  else await primary.query(`alter publication ${PUBLICATION} set table ${tables}`);
}

/**
 * On the mirror (its schema migrated first): the subscription to the primary, created with an
 * initial copy, or pointed at the primary's current address and refreshed for new tables.
 * CREATE/ALTER SUBSCRIPTION cannot run in a transaction, so this takes a plain connection.
 */
export async function ensureSubscription(mirror: pg.ClientBase, options: { region: string; primaryConnectionString: string }): Promise<void> {
  const name = subscriptionName(options.region);
  const conninfo = mirror.escapeLiteral(toConninfo(options.primaryConnectionString));
  const found = await mirror.query('select 1 from pg_subscription where subname = $1', [name]);
  if (found.rowCount === 0) {
    await mirror.query(`create subscription ${name} connection ${conninfo} publication ${PUBLICATION}`);
    return;
  }
  await mirror.query(`alter subscription ${name} connection ${conninfo}`);
  await mirror.query(`alter subscription ${name} enable`);
  await mirror.query(`alter subscription ${name} refresh publication with (copy_data = true)`);
}

/**
 * On the mirror: replication applies rows without the application, so nothing would tell the
 * storefront cache. These triggers fire for the apply worker too (ENABLE ALWAYS): a changed row
 * NOTIFYs `storefront_changed` with its store, and a heartbeat gets the mirror's clock as it lands.
 * Idempotent: run at every start of a server reading the mirror.
 */
export async function installMirrorTriggers(mirror: pg.ClientBase): Promise<void> {
  const channel = mirror.escapeLiteral(STOREFRONT_CHANGED_CHANNEL);
  await mirror.query(`
    create or replace function shopfront_mirror_changed() returns trigger language plpgsql as $fn$
    declare
      key text := case when tg_table_name = 'stores' then 'id' else 'store_id' end;
    begin
      -- to_jsonb: one function serves tables whose store column is named differently.
      if tg_op <> 'INSERT' then perform pg_notify(${channel}, to_jsonb(old) ->> key); end if;
      if tg_op <> 'DELETE' then perform pg_notify(${channel}, to_jsonb(new) ->> key); end if;
      return null;
    end
    $fn$`);
  await mirror.query(`
    create or replace function shopfront_heartbeat_applied() returns trigger language plpgsql as $fn$
    begin
      new.applied_at := clock_timestamp();
      return new;
    end
    $fn$`);
  for (const table of MIRRORED_TABLES) {
    if (table === 'region_heartbeats') continue;
    const trigger = mirror.escapeIdentifier(`${table}_mirror_changed`);
    const target = mirror.escapeIdentifier(table);
    await mirror.query(`drop trigger if exists ${trigger} on ${target}`);
    await mirror.query(`create trigger ${trigger} after insert or update or delete on ${target} for each row execute function shopfront_mirror_changed()`);
    await mirror.query(`alter table ${target} enable always trigger ${trigger}`);
  }
  await mirror.query('drop trigger if exists region_heartbeats_applied on region_heartbeats');
  await mirror.query('create trigger region_heartbeats_applied before insert or update on region_heartbeats for each row execute function shopfront_heartbeat_applied()');
  await mirror.query('alter table region_heartbeats enable always trigger region_heartbeats_applied');
}

export interface SubscriptionState {
  /** The subscription exists and is enabled. */
  enabled: boolean;
  /** Its apply worker is running (it is not, for a while, after the primary went away). */
  workerRunning: boolean;
}

/** The mirror's view of its subscription; null when there is none. */
export async function subscriptionState(mirror: { query: pg.ClientBase['query'] }, region: string): Promise<SubscriptionState | null> {
  const result = await mirror.query<{ enabled: boolean; pid: number | null }>(
    `select s.subenabled as enabled, w.pid
       from pg_subscription s left join pg_stat_subscription w on w.subid = s.oid and w.relid is null
      where s.subname = $1`,
    [subscriptionName(region)],
  );
  const row = result.rows[0];
  return row ? { enabled: row.enabled, workerRunning: row.pid !== null } : null;
}

/** libpq's key=value form of a postgres:// URL (CREATE SUBSCRIPTION takes either; this one is explicit). */
function toConninfo(connectionString: string): string {
  const url = new URL(connectionString);
  const quote = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const parts = [
    `host=${quote(decodeURIComponent(url.hostname))}`,
    `port=${quote(url.port || '5432')}`,
    `dbname=${quote(decodeURIComponent(url.pathname.slice(1)) || 'postgres')}`,
    `user=${quote(decodeURIComponent(url.username))}`,
  ];
  if (url.password) parts.push(`password=${quote(decodeURIComponent(url.password))}`);
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) parts.push(`sslmode=${quote(sslmode)}`);
  return parts.join(' ');
}
