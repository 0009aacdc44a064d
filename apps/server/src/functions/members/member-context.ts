// Exports what the member handlers share (sessionOptions, signedIn, customerOf): one module because they are the
// request and session glue of the members-area handlers.
import { AppError, MESSAGES } from '@shopfront/core';
import type { CustomerRow } from '#src/db/schema/index.ts';
import { toCustomerAccount } from '#src/domain/members/customer-session.ts';
import type { NewSession } from '#src/identity/sessions.ts';
import type { FunctionContext } from '../types.ts';

/** What a members-area session needs from the request. */
export function sessionOptions(ctx: FunctionContext) {
  const agent = ctx.request.headers['user-agent'];
  return { userAgent: (Array.isArray(agent) ? agent[0] : agent) ?? null, ip: ctx.request.ip, now: ctx.now() };
}

/** Sets the store's customer cookie and answers the account (every member sign-in ends here). */
export function signedIn(ctx: FunctionContext, result: { customer: CustomerRow; session: NewSession }) {
  ctx.reply.setCustomerCookie?.(result.customer.storeId, result.session.token, result.session.expiresAt);
  return { customer: toCustomerAccount(result.customer) };
}

/** The signed-in customer of the store named in the input (access 'customer' resolved it for that store). */
export function customerOf(ctx: FunctionContext, storeId: string): { customerId: string } {
  const caller = ctx.caller;
  if (caller?.kind !== 'customer' || caller.storeId !== storeId) {
    throw new AppError('unauthenticated', MESSAGES.generic.unauthenticated);
  }
  return { customerId: caller.customerId };
}
