import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { CARD_FIELDS } from '../rules/card.ts';
import { PAYMENT_PLAN_STATUS_VALUES } from '../schemas/payment-plans.ts';
import { idPattern, OrderIdSchema, singleLineText, StoreIdSchema } from '../schemas/text.ts';
import { defineFunction } from './define.ts';

/**
 * Payment plans (decision 047): the buyer's plans in the members area, the test provider's card
 * change, and the plan of an order on the creator's Sales page. Every id is checked against the
 * caller's store (and customer): another's answers like a missing one.
 */
const PlanIdSchema = z.string({ error: MESSAGES.generic.invalidArgument }).regex(idPattern('pln'), { error: MESSAGES.generic.invalidArgument });

export const PaymentPlanViewSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  productTitle: z.string(),
  provider: z.enum(['test', 'stripe']),
  instalments: z.number().int(),
  instalmentCents: z.number().int(),
  currency: z.string(),
  paidCount: z.number().int(),
  status: z.enum(PAYMENT_PLAN_STATUS_VALUES),
  /** When the next instalment falls due (the store's clock); null once completed or cancelled. */
  nextDueAt: z.string().nullable(),
  /** While past due: access lasts until then. */
  graceUntil: z.string().nullable(),
  /** When the next charge is tried: the due date, or after a failure the next retry; null when locked, completed or cancelled. */
  nextAttemptAt: z.string().nullable(),
  charges: z.array(
    z.object({ instalment: z.number().int(), attempt: z.number().int(), status: z.enum(['paid', 'failed', 'refunded']), amountCents: z.number().int(), dueAt: z.string(), chargedAt: z.string() }),
  ),
});
export type PaymentPlanView = z.infer<typeof PaymentPlanViewSchema>;

export const listMyPaymentPlans = defineFunction({
  name: 'listMyPaymentPlans',
  access: 'customer',
  input: z.object({ storeId: StoreIdSchema }).strict(),
  output: z.object({ plans: z.array(PaymentPlanViewSchema) }),
});

const cardText = singleLineText().max(100);

/**
 * The test provider's "update card" for the buyer's own plan: the next charge or retry uses it; on
 * a locked plan the overdue instalment is charged at once and, paid, access comes back.
 */
export const replaceMyPlanCard = defineFunction({
  name: 'replaceMyPlanCard',
  access: 'customer',
  input: z
    .object({
      storeId: StoreIdSchema,
      planId: PlanIdSchema,
      card: z.object(Object.fromEntries(CARD_FIELDS.map((field) => [field, cardText])) as Record<(typeof CARD_FIELDS)[number], typeof cardText>).strict(),
      authentication: z.enum(['complete', 'fail']).optional(),
    })
    .strict(),
  output: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('replaced'), plan: PaymentPlanViewSchema }),
    z.object({ kind: z.literal('invalid'), errors: z.partialRecord(z.enum(CARD_FIELDS), z.string()) }),
    z.object({ kind: z.literal('refused'), message: z.string(), field: z.enum(CARD_FIELDS).optional() }),
    z.object({ kind: z.literal('authenticate') }),
  ]),
});

/**
 * Stripe's customer portal on the creator's connected account, where the buyer of a plan billed by
 * Stripe changes their card ("Manage billing"; test plans use replaceMyPlanCard). Answers where to go.
 */
export const openMyPlanBillingPortal = defineFunction({
  name: 'openMyPlanBillingPortal',
  access: 'customer',
  input: z.object({ storeId: StoreIdSchema, planId: PlanIdSchema }).strict(),
  output: z.object({ url: z.string() }),
});

/** The plan an order of the store is paid by, with each instalment's state; null for an order paid in full. */
export const getOrderPaymentPlan = defineFunction({
  name: 'getOrderPaymentPlan',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, orderId: OrderIdSchema }).strict(),
  output: z.object({ plan: PaymentPlanViewSchema.nullable() }),
});
