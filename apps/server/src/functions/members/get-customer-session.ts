import { findCustomerSession, toCustomerAccount } from '#src/domain/members/customer-session.ts';
import type { Handler } from '../types.ts';

/** The signed-in customer of THIS store, or null (another store's session is null here). */
export const getCustomerSession: Handler<'getCustomerSession'> = async (input, ctx) => {
  const token = ctx.tokens.customer(input.storeId);
  const session = token ? await findCustomerSession(ctx.db, { storeId: input.storeId, token, now: ctx.now() }) : null;
  return { customer: session ? toCustomerAccount(session.customer) : null };
};
