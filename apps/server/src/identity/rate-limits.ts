import { and, eq, sql } from 'drizzle-orm';
import { rateLimits } from '../db/schema/index.ts';
import type { Executor } from '../db/executor.ts';

export interface LimitRule {
  key: string;
  windowMs: number;
  limit: number;
}

export interface LimitHit {
  allowed: boolean;
  count: number;
  /** Whole seconds until the window ends. */
  retryAfterSeconds: number;
}

function windowOf(rule: LimitRule, now: Date): { start: Date; end: Date } {
  const start = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  return { start: new Date(start), end: new Date(start + rule.windowMs) };
}

function retryAfter(end: Date, now: Date): number {
  return Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));
}

/**
 * Counts one event in the rule's fixed window (one atomic upsert, so parallel requests and
 * several servers agree) and says whether it stays within the limit.
 */
export async function hitLimit(db: Executor, rule: LimitRule, now: Date): Promise<LimitHit> {
  const window = windowOf(rule, now);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: rule.key, windowStart: window.start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 1;
  return { allowed: count <= rule.limit, count, retryAfterSeconds: retryAfter(window.end, now) };
}

/** Takes back `amount` (default one) events of the current window (a sign-in that succeeded is not a failure). */
export async function undoHit(db: Executor, rule: LimitRule, now: Date, amount = 1): Promise<void> {
  const window = windowOf(rule, now);
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - ${amount}, 0)` })
    .where(and(eq(rateLimits.key, rule.key), eq(rateLimits.windowStart, window.start)));
}

/** Whether the current window is already full, without counting anything. */
export async function isLimitReached(db: Executor, rule: LimitRule, now: Date): Promise<LimitHit> {
  const window = windowOf(rule, now);
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, rule.key), eq(rateLimits.windowStart, window.start)));
  const count = row?.count ?? 0;
  return { allowed: count < rule.limit, count, retryAfterSeconds: retryAfter(window.end, now) };
}
