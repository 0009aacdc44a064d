import type { z } from 'zod';
import { trackingRateLimit } from '#src/domain/affiliates/tracking-rate-limit.ts';
import { findCustomerSession } from '#src/domain/members/customer-session.ts';
import type { FunctionContext } from '../types.ts';

/**
 * Spec §7: the tracking calls swallow errors and return null. The platform flag off, a flood from
 * one address, input that does not match the schema and any failure all answer null, having
 * written nothing; only a call that passes all of them runs.
 */
export async function trackingCall<S extends z.ZodType, R>(
  ctx: FunctionContext,
  name: string,
  schema: S,
  input: unknown,
  run: (parsed: z.output<S>) => Promise<R>,
): Promise<R | null> {
  try {
    const flags = await ctx.featureFlags.read();
    if (!flags.affiliateProgram) return null;
    if (!(await trackingRateLimit(ctx.db, ctx.env, { name, ip: ctx.request.ip, now: ctx.now() }))) return null;
    const parsed = schema.safeParse(input);
    if (!parsed.success) return null;
    return await run(parsed.data);
  } catch (error) {
    ctx.log.warn({ err: error }, 'affiliate tracking call failed; answered null');
    return null;
  }
}

/** The members-area customer this request is signed in as for the store (the callable's own session lookup). */
export async function sessionCustomerId(ctx: FunctionContext, storeId: string): Promise<string | null> {
  const token = ctx.tokens.customer(storeId);
  if (!token) return null;
  const session = await findCustomerSession(ctx.db, { storeId, token, now: ctx.now() });
  return session?.customer.id ?? null;
}

/** The request's own User-Agent header ('' when absent). */
export function requestUserAgent(ctx: FunctionContext): string {
  const agent = ctx.request.headers['user-agent'];
  return (Array.isArray(agent) ? agent[0] : agent) ?? '';
}
