import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { Executor } from '../db/executor.ts';

/**
 * Monthly partitions of `analytics_events` (docs/analytics.md "Partitions and retention"), named
 * `analytics_events_yYYYYmMM`, bounded by UTC months. Rows with no partition of their own land in
 * `analytics_events_default` (a clock far off, or a restore before the partitions exist); creating
 * that month's partition moves them out of it first, because PostgreSQL refuses a new partition
 * whose range the default partition already holds rows of.
 */
export const ANALYTICS_PARTITION_MONTHS_AHEAD = 2;
const PARENT = 'analytics_events';
const DEFAULT_PARTITION = 'analytics_events_default';
const NAME = /^analytics_events_y(\d{4})m(\d{2})$/;
/** One server at a time changes the partitions. */
const LOCK_KEY = 'shopfront.analytics_partitions';

/** A month as the first instant of it, UTC. */
const monthStart = (year: number, monthIndex: number) => new Date(Date.UTC(year, monthIndex, 1));
const literal = (date: Date) => `'${date.toISOString()}'`;

export function partitionName(month: Date): string {
  return `${PARENT}_y${month.getUTCFullYear()}m${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The first instant of the oldest month kept: this month and the `retentionMonths - 1` before it. */
export function retentionCutoff(now: Date, retentionMonths: number): Date {
  return monthStart(now.getUTCFullYear(), now.getUTCMonth() - (retentionMonths - 1));
}

/** The monthly partitions that exist, with their months. */
export async function listAnalyticsPartitions(db: Executor): Promise<{ name: string; month: Date }[]> {
  const result = await db.execute<{ name: string }>(sql`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
     where i.inhparent = ${PARENT}::regclass order by 1`);
  return result.rows.flatMap(({ name }) => {
    const match = NAME.exec(name);
    return match ? [{ name, month: monthStart(Number(match[1]), Number(match[2]) - 1) }] : [];
  });
}

/**
 * This month's partition and the next two, plus one for every month the default partition holds
 * rows of (its rows are moved in). Answers the partitions created.
 */
export async function ensureAnalyticsPartitions(db: Database, now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${LOCK_KEY}))`);
    const existing = new Set((await listAnalyticsPartitions(tx)).map((partition) => partition.name));
    const stranded = await tx.execute<{ month: Date | string }>(
      sql.raw(`select distinct date_trunc('month', occurred_at, 'UTC') as month from ${DEFAULT_PARTITION}`),
    );
    const months = new Map<string, Date>();
    for (let ahead = 0; ahead <= ANALYTICS_PARTITION_MONTHS_AHEAD; ahead++) {
      const month = monthStart(now.getUTCFullYear(), now.getUTCMonth() + ahead);
      months.set(partitionName(month), month);
    }
    for (const row of stranded.rows) {
      const month = new Date(row.month);
      months.set(partitionName(month), month);
    }
    const created: string[] = [];
    for (const [name, month] of months) {
      if (existing.has(name)) continue;
      await createPartition(tx, name, month);
      created.push(name);
    }
    return created;
  });
}

async function createPartition(tx: Executor, name: string, month: Date): Promise<void> {
  const from = literal(month);
  const to = literal(monthStart(month.getUTCFullYear(), month.getUTCMonth() + 1));
  const inRange = `occurred_at >= ${from} and occurred_at < ${to}`;
  const stranded = await tx.execute(sql.raw(`select 1 from ${DEFAULT_PARTITION} where ${inRange} limit 1`));
  if (stranded.rows.length === 0) {
    await tx.execute(sql.raw(`create table ${name} partition of ${PARENT} for values from (${from}) to (${to})`));
    return;
  }
  // Rows of this month wait in the default partition: move them into a new table, then attach it.
  await tx.execute(sql.raw(`create table ${name} (like ${PARENT} including defaults including constraints)`));
  await tx.execute(sql.raw(`with moved as (delete from ${DEFAULT_PARTITION} where ${inRange} returning *) insert into ${name} select * from moved`));
  await tx.execute(sql.raw(`alter table ${PARENT} attach partition ${name} for values from (${from}) to (${to})`));
}

/**
 * Drops every monthly partition wholly older than the retention and deletes older rows the
 * default partition holds. Answers the partitions dropped.
 */
export async function dropExpiredAnalyticsPartitions(db: Database, now: Date, retentionMonths: number): Promise<string[]> {
  const cutoff = retentionCutoff(now, retentionMonths);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${LOCK_KEY}))`);
    const dropped: string[] = [];
    for (const partition of await listAnalyticsPartitions(tx)) {
      if (partition.month >= cutoff) continue;
      await tx.execute(sql.raw(`drop table ${partition.name}`));
      dropped.push(partition.name);
    }
    await tx.execute(sql.raw(`delete from ${DEFAULT_PARTITION} where occurred_at < ${literal(cutoff)}`));
    return dropped;
  });
}
