import { eq } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { AnalyticsEventType } from '#src/analytics/analytics-event.ts';
import type { Executor } from '#src/db/executor.ts';
import { stores } from '#src/db/schema/index.ts';
import { serverEventRow, type AnalyticsEventRow } from './analytics-event-row.ts';
import { enqueueAnalyticsEvent } from './analytics-event-job.ts';
import { readDaySalts } from './day-salts.ts';
import { countryOf, describeUserAgent } from './describe-client.ts';
import { localDayOf, visitorHash } from './visitor-hash.ts';

/** Who did it, as the request showed: the same hash a page view from this browser got today. */
export interface RequestVisitor {
  visitor: bigint;
  /** The store-local day the hash belongs to. */
  visitDay: string;
  client: Pick<AnalyticsEventRow, 'country' | 'device' | 'browser' | 'os'>;
}

/**
 * The visitor of a request to a store's server path (a checkout, a members signup); null for a
 * bot, or when the store is gone. Reads (or creates) today's salt.
 */
export async function requestVisitor(
  db: Executor,
  input: { storeId: string; ip: string; userAgent: string; now: Date; timeZone?: string },
): Promise<RequestVisitor | null> {
  const client = describeUserAgent(input.userAgent);
  if (client.bot) return null;
  const timeZone = input.timeZone ?? (await db.select({ timeZone: stores.timeZone }).from(stores).where(eq(stores.id, input.storeId)))[0]?.timeZone;
  if (timeZone === undefined) return null;
  const visitDay = localDayOf(input.now, timeZone);
  const salt = (await readDaySalts(db, [visitDay])).get(visitDay);
  if (!salt) return null;
  return {
    visitor: visitorHash(salt, input.storeId, input.ip, input.userAgent),
    visitDay,
    client: { country: countryOf(input.ip), device: client.device, browser: client.browser, os: client.os },
  };
}

/**
 * Records one server-side event durably through the job queue (analytics-event-job.ts), never the
 * lossy buffer. With a transaction as `db` (the order's) the event commits with it, in a savepoint,
 * so a failure here is logged and swallowed and never fails a checkout, an order or a signup; with
 * the database itself it is one insert of its own (no transaction around it: nothing else to roll
 * back). `key` makes it once: the order, checkout or customer id.
 */
export async function recordServerEvent(
  db: Executor,
  event: { storeId: string; type: AnalyticsEventType; key: string; at: Date; timeZone?: string; visitor: RequestVisitor | { visitor: bigint | null; visitDay: string | null } } & Partial<
    Pick<AnalyticsEventRow, 'productId' | 'orderId' | 'revenueCents'>
  >,
  log?: FastifyBaseLogger,
): Promise<void> {
  const record = async (executor: Executor) => {
    const timeZone = event.timeZone ?? (await executor.select({ timeZone: stores.timeZone }).from(stores).where(eq(stores.id, event.storeId)))[0]?.timeZone;
    if (timeZone === undefined) return;
    const { visitor, visitDay } = event.visitor;
    const client = 'client' in event.visitor ? event.visitor.client : {};
    const row = serverEventRow({
      occurredAt: event.at,
      storeId: event.storeId,
      localDay: localDayOf(event.at, timeZone),
      type: event.type,
      visitor,
      visitDay: visitor === null ? null : visitDay,
      productId: event.productId ?? null,
      orderId: event.orderId ?? null,
      revenueCents: event.revenueCents ?? null,
      ...client,
    });
    await enqueueAnalyticsEvent(executor, row, `${event.type}:${event.key}`);
  };
  try {
    if (db instanceof PgTransaction) await db.transaction(record);
    else await record(db);
  } catch (error) {
    log?.warn({ err: error, storeId: event.storeId, type: event.type }, 'analytics event not recorded');
  }
}
