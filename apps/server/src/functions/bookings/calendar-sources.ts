// Exports the calendar-source handlers (list, add, remove): the creator's imported calendars, docs/bookings.md "Busy times from your calendar".
import type { Executor } from '#src/db/executor.ts';
import { addCalendarSource as addSource, listCalendarSources as listSources, removeCalendarSource as removeSource } from '#src/domain/bookings/busy/calendar-sources.ts';
import { ownedStore } from '../owned-store.ts';
import type { FunctionContext, Handler } from '../types.ts';

/** A loopback feed (a local stand-in) only outside production. */
const outbound = (ctx: FunctionContext) => ({ allowLoopback: ctx.env.nodeEnv === 'development' || ctx.env.nodeEnv === 'test' });

async function sources(db: Executor, storeId: string) {
  const rows = await listSources(db, { storeId });
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  return { sources: rows.map((row) => ({ ...row, lastFetchedAt: iso(row.lastFetchedAt), lastSuccessAt: iso(row.lastSuccessAt), createdAt: row.createdAt.toISOString() })) };
}

export const listCalendarSources: Handler<'listCalendarSources'> = async (input, ctx) => sources(ctx.db, (await ownedStore(ctx, input.storeId)).id);

export const addCalendarSource: Handler<'addCalendarSource'> = async (input, ctx) => {
  const store = await ownedStore(ctx, input.storeId);
  await addSource(ctx.db, { storeId: store.id, url: input.url, now: ctx.now(), ...outbound(ctx) });
  return sources(ctx.db, store.id);
};

export const removeCalendarSource: Handler<'removeCalendarSource'> = async (input, ctx) => {
  const store = await ownedStore(ctx, input.storeId);
  await removeSource(ctx.db, { storeId: store.id, sourceId: input.sourceId });
  return sources(ctx.db, store.id);
};
