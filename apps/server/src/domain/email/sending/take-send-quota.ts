import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { emailSendWindows } from '#src/db/schema/index.ts';

export interface SendLimits {
  perStorePerSecond: number;
  platformPerSecond: number;
}

const PLATFORM_SCOPE = 'platform';
const storeScope = (storeId: string) => `store:${storeId}`;

/**
 * Takes up to `want` sends from the current one-second window of the store and of the whole
 * platform (`email_send_windows`, shared by every server) and says how many were granted: `want`,
 * what is left of the fuller window, or 0 when either window is full. A store grant the platform
 * then refuses is given back, so neither counter ever passes its limit.
 */
export async function takeSendQuota(db: Executor, options: { storeId: string; want: number; limits: SendLimits; now: Date }): Promise<number> {
  const { limits } = options;
  const windowStart = new Date(Math.floor(options.now.getTime() / 1000) * 1000);
  const want = Math.min(options.want, limits.perStorePerSecond, limits.platformPerSecond);
  if (want <= 0) return 0;
  const store = await take(db, storeScope(options.storeId), windowStart, want, limits.perStorePerSecond);
  if (store === 0) return 0;
  const platform = await take(db, PLATFORM_SCOPE, windowStart, store, limits.platformPerSecond);
  if (platform < store) await giveBack(db, storeScope(options.storeId), windowStart, store - platform);
  return platform;
}

/** Adds `count` to the window unless that passes `limit`; if it would, takes what is left once. */
async function take(db: Executor, scope: string, windowStart: Date, count: number, limit: number): Promise<number> {
  const full = await add(db, scope, windowStart, count, limit);
  if (full) return count;
  const [row] = await db
    .select({ sent: emailSendWindows.sent })
    .from(emailSendWindows)
    .where(and(eq(emailSendWindows.scope, scope), eq(emailSendWindows.windowStart, windowStart)));
  const left = limit - (row?.sent ?? 0);
  if (left <= 0) return 0;
  return (await add(db, scope, windowStart, left, limit)) ? left : 0;
}

async function add(db: Executor, scope: string, windowStart: Date, count: number, limit: number): Promise<boolean> {
  const rows = await db
    .insert(emailSendWindows)
    .values({ scope, windowStart, sent: count })
    .onConflictDoUpdate({
      target: [emailSendWindows.scope, emailSendWindows.windowStart],
      set: { sent: sql`${emailSendWindows.sent} + ${count}` },
      setWhere: sql`${emailSendWindows.sent} + ${count} <= ${limit}`,
    })
    .returning({ sent: emailSendWindows.sent });
  return rows.length === 1;
}

async function giveBack(db: Executor, scope: string, windowStart: Date, count: number): Promise<void> {
  await db
    .update(emailSendWindows)
    .set({ sent: sql`greatest(0, ${emailSendWindows.sent} - ${count})` })
    .where(and(eq(emailSendWindows.scope, scope), eq(emailSendWindows.windowStart, windowStart)));
}
