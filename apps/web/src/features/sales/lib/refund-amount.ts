import { COMMERCE_MESSAGES, formatMoney, parseMoney, type Order } from '@shopfront/core';
import { z } from 'zod';

/** What is left to refund on an order, in minor units. */
export function remainingCents(order: Pick<Order, 'amountCents' | 'refundedCents'>): number {
  return Math.max(0, order.amountCents - order.refundedCents);
}

/**
 * The refund form: an amount typed in the major unit ("4.50"), checked exactly in minor units
 * (parseMoney, no floats) against what remains. The server checks the same rules again.
 */
export function refundAmountSchema(order: Pick<Order, 'amountCents' | 'refundedCents' | 'currency'>) {
  const remaining = remainingCents(order);
  return z.object({
    amount: z
      .string()
      .trim()
      .min(1, { error: 'Please enter the amount to refund' })
      .transform((text, context) => {
        const cents = parseMoney(text, order.currency);
        if (cents === null) {
          context.addIssue({ code: 'custom', message: `Enter an amount like ${formatMoney(remaining, order.currency, { locale: 'en' })}` });
          return z.NEVER;
        }
        if (cents <= 0) {
          context.addIssue({ code: 'custom', message: COMMERCE_MESSAGES.refundAmountTooLow });
          return z.NEVER;
        }
        if (cents > remaining) {
          context.addIssue({ code: 'custom', message: COMMERCE_MESSAGES.refundAmountTooHigh });
          return z.NEVER;
        }
        return cents;
      }),
  });
}
