import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { BILLING_INTERVALS, PAID_PLAN_IDS, PLAN_IDS } from '../plans.ts';
import { singleLineText, StoreIdSchema } from '../schemas/text.ts';
import { defineFunction } from './define.ts';

/** What the billing page and its functions say (ours; spec §8 has no billing messages). */
export const BILLING_MESSAGES = Object.freeze({
  alreadySubscribed: 'You already have a subscription. Change your plan instead.',
  noSubscription: 'You are on the free plan. Choose a plan to subscribe.',
  samePlan: 'You are already on this plan.',
  chooseStores: (limit: number) => `Choose at most ${limit} ${limit === 1 ? 'store' : 'stores'} to keep published.`,
  storeNotFound: 'Store not found.',
  portalUnavailable: 'Billing management is not available right now. Please try again later.',
  invoiceNotFound: 'Invoice not found.',
});

export const BillingIntervalSchema = z.enum(BILLING_INTERVALS);
// An unknown plan is refused like any malformed id.
export const PlanIdSchema = z.enum(PLAN_IDS, { error: MESSAGES.generic.invalidArgument });
export const PaidPlanIdSchema = z.enum(PAID_PLAN_IDS, { error: MESSAGES.generic.invalidArgument });
export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled', 'incomplete'] as const;
export const BILLING_PROVIDERS = ['stripe', 'test'] as const;

const isoDate = z.string();

export const PlanOfferSchema = z.object({
  id: PlanIdSchema,
  name: z.string(),
  storeLimit: z.number().int(),
  platformFeePercent: z.number(),
  features: z.array(z.string()),
  /** The price a new subscription starts at (an admin may have changed the default). */
  monthlyCents: z.number().int(),
  yearlyCents: z.number().int(),
});

export const BillingStoreSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  published: z.boolean(),
  /** `plan-limit`: offline because the plan allows fewer stores. */
  offlineReason: z.string().nullable(),
  createdAt: isoDate,
});

export const SubscriptionViewSchema = z.object({
  provider: z.enum(BILLING_PROVIDERS),
  planId: PlanIdSchema,
  interval: BillingIntervalSchema,
  status: z.enum(SUBSCRIPTION_STATUSES),
  priceCents: z.number().int(),
  currentPeriodEnd: isoDate.nullable(),
  /** Set after a failed payment: the plan stays until then, then drops to free. */
  graceUntil: isoDate.nullable(),
});

/** The billing page: the plan in effect, the subscription behind it, the offers and the stores. */
export const getBilling = defineFunction({
  name: 'getBilling',
  access: 'creator',
  input: z.object({}).strict(),
  output: z.object({
    planId: PlanIdSchema,
    /** Null: neither Stripe nor the test provider is available on this server. */
    provider: z.enum(BILLING_PROVIDERS).nullable(),
    subscription: SubscriptionViewSchema.nullable(),
    plans: z.array(PlanOfferSchema),
    stores: z.array(BillingStoreSchema),
    /** A plan change asked for and not yet confirmed by the provider's event. */
    pendingPlanId: PlanIdSchema.nullable(),
  }),
});

/**
 * Starts a subscription (no active one yet): answers the provider's checkout URL. The plan
 * changes only when the provider's verified event arrives, never from the redirect.
 */
export const startPlanCheckout = defineFunction({
  name: 'startPlanCheckout',
  access: 'creator',
  input: z.object({ planId: PaidPlanIdSchema, interval: BillingIntervalSchema }).strict(),
  output: z.object({ url: z.string() }),
});

/**
 * Changes an existing subscription's plan (free cancels it). `keepStoreIds`: the stores that
 * stay published when the new plan allows fewer stores than are published.
 */
export const changePlan = defineFunction({
  name: 'changePlan',
  access: 'creator',
  input: z
    .object({
      planId: PlanIdSchema,
      interval: BillingIntervalSchema.optional(),
      keepStoreIds: z.array(StoreIdSchema).max(20).optional(),
    })
    .strict(),
  output: z.object({ status: z.literal('pending') }),
});

/** Which stores stay published within the plan's limit; the others go offline (data kept). */
export const choosePublishedStores = defineFunction({
  name: 'choosePublishedStores',
  access: 'creator',
  input: z.object({ storeIds: z.array(StoreIdSchema).min(1).max(20) }).strict(),
  output: z.object({ stores: z.array(BillingStoreSchema) }),
});

/** The provider's page for card changes and cancellation. */
export const openBillingPortal = defineFunction({
  name: 'openBillingPortal',
  access: 'creator',
  input: z.object({}).strict(),
  output: z.object({ url: z.string() }),
});

export const InvoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  createdAt: isoDate,
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.string(),
  downloadUrl: z.string().nullable(),
});

export const listInvoices = defineFunction({
  name: 'listInvoices',
  access: 'creator',
  input: z.object({}).strict(),
  output: z.object({ invoices: z.array(InvoiceSchema) }),
});

export const PlanPriceSchema = z.object({
  planId: PaidPlanIdSchema,
  monthlyCents: z.number().int(),
  yearlyCents: z.number().int(),
  updatedAt: isoDate.nullable(),
  updatedBy: z.string().nullable(),
});

export const getPlanPrices = defineFunction({
  name: 'getPlanPrices',
  access: 'admin',
  input: z.object({}).strict(),
  output: z.object({ prices: z.array(PlanPriceSchema) }),
});

/** Sets a paid plan's prices for NEW subscriptions; existing ones keep the price they started at. */
export const setPlanPrice = defineFunction({
  name: 'setPlanPrice',
  access: 'admin',
  input: z
    .object({
      planId: PaidPlanIdSchema,
      monthlyCents: z.number().int().min(100).max(10_000_000),
      yearlyCents: z.number().int().min(100).max(100_000_000),
      reason: singleLineText().trim().min(1).max(500),
    })
    .strict(),
  output: z.object({ price: PlanPriceSchema }),
});
