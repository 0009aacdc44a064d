import { AppError, MESSAGES } from '@shopfront/core';
import type { Executor } from '../db/executor.ts';
import { CODE_SENDS_PER_EMAIL_PER_DAY, DAY_MS, HOUR_MS } from './limits.ts';
import { hitLimit } from './rate-limits.ts';

export function tooManyRequests(retryAfterSeconds: number): AppError {
  return new AppError('resource-exhausted', MESSAGES.verification.tooManyRequests, { retryAfterSeconds });
}

/**
 * SECURITY "per-email daily and per-IP hourly caps" on every identity email we send (codes and
 * sign-in links). The IP is the socket's: proxy headers are not trusted (app.ts trustProxy).
 * The per-IP cap is the operator's (`EMAIL_SENDS_PER_IP_PER_HOUR`, default 30).
 * Run it in the sending transaction: a refusal rolls the send back, counter included.
 */
export async function countEmailSend(db: Executor, options: { email: string; ip: string; perIpPerHour: number; now: Date }): Promise<void> {
  const caps = [
    { key: `email-send:email:${options.email}`, windowMs: DAY_MS, limit: CODE_SENDS_PER_EMAIL_PER_DAY },
    { key: `email-send:ip:${options.ip}`, windowMs: HOUR_MS, limit: options.perIpPerHour },
  ];
  for (const rule of caps) {
    const hit = await hitLimit(db, rule, options.now);
    if (!hit.allowed) throw tooManyRequests(hit.retryAfterSeconds);
  }
}
