import { z } from 'zod';
import { AFFILIATE_FINGERPRINT_LENGTH } from '../constants.ts';
import { EmailSchema } from '../schemas/fields.ts';
import { AffiliateIdSchema, CheckoutIdSchema, ProductIdSchema, StoreIdSchema, singleLineText } from '../schemas/text.ts';
import { defineFunction } from './define.ts';

/**
 * The affiliate program (docs/affiliates.md). A store's creator turns it on and sets the terms;
 * members-area customers of the store join as affiliates and share `?ref=CODE` links; the
 * storefront reports referred visits; fulfilment alone turns a referred order into a commission.
 */
export const AFFILIATE_LIMITS = Object.freeze({
  commissionPercentMin: 1,
  commissionPercentMax: 90,
  windowDaysMin: 1,
  windowDaysMax: 365,
  holdingDaysMin: 0,
  holdingDaysMax: 90,
  /** A referred visit is counted once per fingerprint and code within this many minutes (a session). */
  sessionMinutes: 30,
  /** Generated codes: this many characters of AFFILIATE_CODE_ALPHABET. */
  codeLength: 8,
  /** How far one press of the test clock may move it. */
  testClockDaysMax: 365,
  payoutNoteMax: 200,
  /** Rows the dashboard's commission and payout lists answer (newest first). */
  listMax: 200,
  /** Invitations leave from the platform's own sender: capped per store and per creator. */
  invitesPerStorePerHour: 20,
  invitesPerCreatorPerDay: 50,
});

/** No 0/O or 1/I: codes are read aloud and typed from phones. */
export const AFFILIATE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** What a store without a saved program has. */
export const AFFILIATE_DEFAULTS = Object.freeze({
  enabled: false,
  commissionPercent: 20,
  windowDays: 30,
  holdingDays: 14,
  joinMode: 'open' as AffiliateJoinMode,
});

export const AFFILIATE_JOIN_MODES = ['open', 'approval'] as const;
export type AffiliateJoinMode = (typeof AFFILIATE_JOIN_MODES)[number];
export const AFFILIATE_STATUSES = ['pending', 'active', 'paused', 'removed'] as const;
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number];
export const AFFILIATE_COMMISSION_STATUSES = ['pending', 'payable', 'paid', 'cancelled'] as const;
export type AffiliateCommissionStatus = (typeof AFFILIATE_COMMISSION_STATUSES)[number];
export const AFFILIATE_ACTIONS = ['approve', 'pause', 'resume', 'remove'] as const;
export type AffiliateAction = (typeof AFFILIATE_ACTIONS)[number];

export const AFFILIATE_MESSAGES = Object.freeze({
  commissionPercent: `The commission is a whole percent from ${AFFILIATE_LIMITS.commissionPercentMin} to ${AFFILIATE_LIMITS.commissionPercentMax}.`,
  windowDays: `The attribution window is ${AFFILIATE_LIMITS.windowDaysMin} to ${AFFILIATE_LIMITS.windowDaysMax} days.`,
  holdingDays: `The holding period is ${AFFILIATE_LIMITS.holdingDaysMin} to ${AFFILIATE_LIMITS.holdingDaysMax} days.`,
  testClockDays: `Move the test clock by 1 to ${AFFILIATE_LIMITS.testClockDaysMax} days.`,
  payoutNote: `A payout note is at most ${AFFILIATE_LIMITS.payoutNoteMax} characters.`,
  programClosed: 'This store’s affiliate program is not open.',
  alreadyAffiliate: 'You are already an affiliate of this store.',
  affiliateNotFound: 'Affiliate not found',
  productNotFound: 'Product not found',
  removedAffiliate: 'This affiliate was removed.',
  actionNotAllowed: 'That change does not apply to this affiliate’s status.',
  nothingPayable: 'Nothing is payable to this affiliate yet.',
  alreadyInvited: 'This email address is already invited.',
  inviteDeclined: 'This person asked not to receive affiliate invitations from your store.',
  tooManyInvites: `You can send up to ${AFFILIATE_LIMITS.invitesPerStorePerHour} affiliate invitations an hour from a store, and ${AFFILIATE_LIMITS.invitesPerCreatorPerDay} a day in all. Please try again later.`,
  testClockUnavailable: 'The test clock moves only test-mode sales, and this server does not take test payments.',
});

const percent = (message: string) => z.number({ error: message }).int({ error: message }).min(AFFILIATE_LIMITS.commissionPercentMin, { error: message }).max(AFFILIATE_LIMITS.commissionPercentMax, { error: message });
const CommissionPercentSchema = percent(AFFILIATE_MESSAGES.commissionPercent);

/** A referral code as a link carries it: case-insensitive, canonical upper case. */
export const AffiliateCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9_-]{3,31}$/);

/** Spec §9: the first 16 hex characters of a hash of browser traits. */
export const AffiliateFingerprintSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(new RegExp(`^[0-9a-f]{${AFFILIATE_FINGERPRINT_LENGTH}}$`));

/** Spec §7 visitInfo. Every field is optional and bounded; unknown fields are dropped. */
export const AffiliateVisitInfoSchema = z.object({
  sourceUrl: z.string().max(2048).optional(),
  userAgent: z.string().max(512).optional(),
  timestamp: z.union([z.number(), z.string().max(64)]).optional(),
  timezone: z.string().max(64).optional(),
  language: z.string().max(35).optional(),
  screen: z.string().max(32).optional(),
});

/** The checked shape of trackAffiliateVisit's input (the contract itself takes anything: spec §7). */
export const TrackAffiliateVisitInputSchema = z.object({
  storeId: StoreIdSchema,
  referralCode: AffiliateCodeSchema,
  fingerprint: AffiliateFingerprintSchema,
  visitInfo: AffiliateVisitInfoSchema.optional(),
});
export type TrackAffiliateVisitInput = z.input<typeof TrackAffiliateVisitInputSchema>;

/** The checked shape of trackAffiliateSignup's input: the customer must be the caller's own session. */
export const TrackAffiliateSignupInputSchema = z.object({
  storeId: StoreIdSchema,
  referralCode: AffiliateCodeSchema.optional(),
  customerEmail: z.string().max(254).optional(),
  customerId: z.string().max(64),
  customerName: z.string().max(200).optional(),
  fingerprint: AffiliateFingerprintSchema.optional(),
  userAgent: z.string().max(512).optional(),
  timezone: z.string().max(64).optional(),
  language: z.string().max(35).optional(),
});
export type TrackAffiliateSignupInput = z.input<typeof TrackAffiliateSignupInputSchema>;

/** The checked shape of convertAffiliateReferral's input. */
export const ConvertAffiliateReferralInputSchema = z.object({
  checkoutId: CheckoutIdSchema,
  referralCode: AffiliateCodeSchema.optional(),
  fingerprint: AffiliateFingerprintSchema.optional(),
});

/**
 * Spec §7: affiliate calls swallow errors and return null. The contract takes any input, so a bad
 * one reaches the handler, which checks it against the schema above and answers null (writing
 * nothing) instead of an error.
 */
export const trackAffiliateVisit = defineFunction({
  name: 'trackAffiliateVisit',
  access: 'public',
  input: z.unknown(),
  output: z.null(),
});

/** A referred visitor signed up in the members area; recorded once per customer, for the caller's own account only. */
export const trackAffiliateSignup = defineFunction({
  name: 'trackAffiliateSignup',
  access: 'public',
  input: z.unknown(),
  output: z.null(),
});

/**
 * Confirms what fulfilment recorded: whether the checkout's order was credited to the given code.
 * It never creates a commission (only the payment event does); null on anything it cannot answer.
 */
export const convertAffiliateReferral = defineFunction({
  name: 'convertAffiliateReferral',
  access: 'public',
  input: z.unknown(),
  output: z.object({ converted: z.boolean() }).nullable(),
});

export const AffiliateProgramSchema = z.object({
  storeId: z.string(),
  enabled: z.boolean(),
  commissionPercent: z.number().int(),
  windowDays: z.number().int(),
  holdingDays: z.number().int(),
  joinMode: z.enum(AFFILIATE_JOIN_MODES),
  currency: z.string(),
  /** Per-product commissions: every product of the store that sells, with its override or null. */
  products: z.array(z.object({ productId: z.string(), title: z.string(), commissionPercent: z.number().int().nullable() })),
  testClock: z.object({
    /** This server takes test payments, so test-mode commissions exist and the clock can move. */
    available: z.boolean(),
    offsetDays: z.number(),
  }),
});
export type AffiliateProgram = z.infer<typeof AffiliateProgramSchema>;

/** Money columns are per currency: a store that changed currency has a row per currency in `earnings`. */
export const AffiliateEarningsSchema = z.object({
  currency: z.string(),
  pendingCents: z.number().int(),
  payableCents: z.number().int(),
  paidCents: z.number().int(),
});
export type AffiliateEarnings = z.infer<typeof AffiliateEarningsSchema>;

export const AffiliateStatsSchema = z.object({
  visits: z.number().int(),
  signups: z.number().int(),
  sales: z.number().int(),
  /** What referred buyers paid, net of refunds, in the store's currency. */
  revenueCents: z.number().int(),
});

export const AffiliateSummarySchema = z.object({
  id: z.string(),
  customerId: z.string(),
  name: z.string(),
  email: z.string(),
  code: z.string(),
  status: z.enum(AFFILIATE_STATUSES),
  invited: z.boolean(),
  createdAt: z.string(),
  stats: AffiliateStatsSchema,
  /** In the store's currency (other currencies are in the commissions list). */
  currency: z.string(),
  /** Pending plus payable: what the store owes. */
  owedCents: z.number().int(),
  payableCents: z.number().int(),
  paidCents: z.number().int(),
});
export type AffiliateSummary = z.infer<typeof AffiliateSummarySchema>;

export const AffiliateInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
  /** The recipient used the email's link to refuse further invitations from the store. */
  declinedAt: z.string().nullable(),
});
export type AffiliateInvite = z.infer<typeof AffiliateInviteSchema>;

export const AffiliateCommissionSchema = z.object({
  id: z.string(),
  affiliateId: z.string(),
  affiliateName: z.string(),
  orderId: z.string(),
  productTitle: z.string(),
  currency: z.string(),
  baseCents: z.number().int(),
  amountCents: z.number().int(),
  reversedCents: z.number().int(),
  /** amount − reversed: what the affiliate earns from this sale now. */
  netCents: z.number().int(),
  status: z.enum(AFFILIATE_COMMISSION_STATUSES),
  testMode: z.boolean(),
  holdUntil: z.string(),
  payoutId: z.string().nullable(),
  createdAt: z.string(),
});
export type AffiliateCommission = z.infer<typeof AffiliateCommissionSchema>;

export const AffiliatePayoutSchema = z.object({
  id: z.string(),
  affiliateId: z.string(),
  affiliateName: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  commissionCount: z.number().int(),
  method: z.enum(['manual', 'stripe_transfer']),
  note: z.string(),
  createdAt: z.string(),
});
export type AffiliatePayout = z.infer<typeof AffiliatePayoutSchema>;

const storeOnly = z.object({ storeId: StoreIdSchema }).strict();

export const getAffiliateProgram = defineFunction({ name: 'getAffiliateProgram', access: 'creator', input: storeOnly, output: AffiliateProgramSchema });

export const updateAffiliateProgram = defineFunction({
  name: 'updateAffiliateProgram',
  access: 'creator',
  input: z
    .object({
      storeId: StoreIdSchema,
      enabled: z.boolean(),
      commissionPercent: CommissionPercentSchema,
      windowDays: z
        .number({ error: AFFILIATE_MESSAGES.windowDays })
        .int({ error: AFFILIATE_MESSAGES.windowDays })
        .min(AFFILIATE_LIMITS.windowDaysMin, { error: AFFILIATE_MESSAGES.windowDays })
        .max(AFFILIATE_LIMITS.windowDaysMax, { error: AFFILIATE_MESSAGES.windowDays }),
      holdingDays: z
        .number({ error: AFFILIATE_MESSAGES.holdingDays })
        .int({ error: AFFILIATE_MESSAGES.holdingDays })
        .min(AFFILIATE_LIMITS.holdingDaysMin, { error: AFFILIATE_MESSAGES.holdingDays })
        .max(AFFILIATE_LIMITS.holdingDaysMax, { error: AFFILIATE_MESSAGES.holdingDays }),
      joinMode: z.enum(AFFILIATE_JOIN_MODES),
    })
    .strict(),
  output: AffiliateProgramSchema,
});

/** A product's own commission; null goes back to the program's default. */
export const setAffiliateProductRate = defineFunction({
  name: 'setAffiliateProductRate',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, productId: ProductIdSchema, commissionPercent: CommissionPercentSchema.nullable() }).strict(),
  output: AffiliateProgramSchema,
});

export const listAffiliates = defineFunction({
  name: 'listAffiliates',
  access: 'creator',
  input: storeOnly,
  output: z.object({ affiliates: z.array(AffiliateSummarySchema), invites: z.array(AffiliateInviteSchema) }),
});

/** approve (pending → active), pause (active → paused), resume (paused → active), remove (any → removed, for good). */
export const updateAffiliateStatus = defineFunction({
  name: 'updateAffiliateStatus',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, affiliateId: AffiliateIdSchema, action: z.enum(AFFILIATE_ACTIONS) }).strict(),
  output: z.object({ affiliate: AffiliateSummarySchema }),
});

/** Emails an invitation to join as an affiliate; that address joins approved. */
export const inviteAffiliate = defineFunction({
  name: 'inviteAffiliate',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, email: EmailSchema }).strict(),
  output: z.object({ invite: AffiliateInviteSchema }),
});

export const listAffiliateCommissions = defineFunction({
  name: 'listAffiliateCommissions',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, affiliateId: AffiliateIdSchema.optional() }).strict(),
  output: z.object({ commissions: z.array(AffiliateCommissionSchema) }),
});

/** Marks every payable commission of the affiliate (in each currency) as paid: one payout per currency. */
export const payAffiliate = defineFunction({
  name: 'payAffiliate',
  access: 'creator',
  input: z
    .object({ storeId: StoreIdSchema, affiliateId: AffiliateIdSchema, note: singleLineText().trim().max(AFFILIATE_LIMITS.payoutNoteMax, { error: AFFILIATE_MESSAGES.payoutNote }).optional() })
    .strict(),
  output: z.object({ payouts: z.array(AffiliatePayoutSchema) }),
});

export const listAffiliatePayouts = defineFunction({
  name: 'listAffiliatePayouts',
  access: 'creator',
  input: storeOnly,
  output: z.object({ payouts: z.array(AffiliatePayoutSchema) }),
});

/** Moves the store's test clock forward (test-mode commissions only), as Stripe's test clocks do. */
export const advanceAffiliateTestClock = defineFunction({
  name: 'advanceAffiliateTestClock',
  access: 'creator',
  input: z
    .object({
      storeId: StoreIdSchema,
      days: z
        .number({ error: AFFILIATE_MESSAGES.testClockDays })
        .int({ error: AFFILIATE_MESSAGES.testClockDays })
        .min(1, { error: AFFILIATE_MESSAGES.testClockDays })
        .max(AFFILIATE_LIMITS.testClockDaysMax, { error: AFFILIATE_MESSAGES.testClockDays }),
    })
    .strict(),
  output: AffiliateProgramSchema,
});

/** The members area's view of the program and of the caller's own affiliate account. */
export const MyAffiliateSchema = z.object({
  program: z
    .object({ enabled: z.boolean(), commissionPercent: z.number().int(), joinMode: z.enum(AFFILIATE_JOIN_MODES), holdingDays: z.number().int(), windowDays: z.number().int() })
    .nullable(),
  affiliate: z
    .object({
      id: z.string(),
      code: z.string(),
      status: z.enum(AFFILIATE_STATUSES),
      createdAt: z.string(),
      links: z.object({
        store: z.string(),
        products: z.array(z.object({ productId: z.string(), title: z.string(), url: z.string(), commissionPercent: z.number().int() })),
      }),
      stats: AffiliateStatsSchema,
      earnings: z.array(AffiliateEarningsSchema),
      commissions: z.array(AffiliateCommissionSchema.omit({ affiliateName: true })),
      payouts: z.array(AffiliatePayoutSchema.omit({ affiliateName: true })),
    })
    .nullable(),
});
export type MyAffiliate = z.infer<typeof MyAffiliateSchema>;

export const getMyAffiliate = defineFunction({ name: 'getMyAffiliate', access: 'customer', input: storeOnly, output: MyAffiliateSchema });

/** Joins the store's program: active at once (open, or invited), else pending the creator's approval. */
export const applyAsAffiliate = defineFunction({ name: 'applyAsAffiliate', access: 'customer', input: storeOnly, output: MyAffiliateSchema });
