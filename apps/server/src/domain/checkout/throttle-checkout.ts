import { AppError, MESSAGES } from '@shopfront/core';
import type { Executor } from '#src/db/executor.ts';
import type { CheckoutLimits } from '#src/env/payments-env.ts';
import { hitLimit, type LimitRule } from '#src/identity/rate-limits.ts';

const MINUTE_MS = 60_000;

/**
 * Counts one createCheckout call per client address, then per store, in fixed one-minute windows
 * (the `rate_limits` table every server shares), before anything is written. A script from one
 * address gets a few checkouts; a flash sale from many addresses fits the store's budget
 * (docs/security-limits.md). A call the address limit refuses is not counted against the store,
 * so one flooding address cannot use up a store's budget. Refusal: 429 with `retryAfterSeconds`
 * (the callable reply turns it into `Retry-After`).
 */
export async function throttleCheckout(
  db: Executor,
  options: { ip: string; storeId: string; now: Date; limits: CheckoutLimits },
): Promise<void> {
  const rules: LimitRule[] = [
    { key: `checkout:ip:${options.ip}`, windowMs: MINUTE_MS, limit: options.limits.perIpPerMinute },
    { key: `checkout:store:${options.storeId}`, windowMs: MINUTE_MS, limit: options.limits.perStorePerMinute },
  ];
  for (const rule of rules) {
    const hit = await hitLimit(db, rule, options.now);
    if (!hit.allowed) {
      throw new AppError('resource-exhausted', MESSAGES.verification.tooManyRequests, { retryAfterSeconds: hit.retryAfterSeconds });
    }
  }
}
