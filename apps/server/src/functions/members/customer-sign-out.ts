import { customerSignOut as signOut } from '#src/domain/members/customer-sign-out.ts';
import type { Handler } from '../types.ts';

/** Ends this store's customer session (cookie or Bearer) and clears its cookie; signed out already is fine. */
export const customerSignOut: Handler<'customerSignOut'> = async (input, ctx) => {
  await signOut(ctx.db, { storeId: input.storeId, token: ctx.tokens.customer(input.storeId) });
  ctx.reply.clearCustomerCookie?.(input.storeId);
  return { signedOut: true };
};
