// Exports what the booking handlers share: the caller's store and the order refunds' provider.
import { getPaymentProvider } from '#src/providers/payments/index.ts';
import type { FunctionContext } from '../types.ts';

/** The provider each refund goes through, and the log its failures are told to. */
export function refunds(ctx: FunctionContext) {
  return { providerFor: (id: 'test' | 'stripe') => getPaymentProvider(ctx.env, id), log: ctx.log };
}
