import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { idPattern, multiLine, ProductFileIdSchema, ProductIdSchema, singleLine, StoreIdSchema } from '../schemas/text.ts';
import { defineFunction } from './define.ts';
import { MEMBERSHIP_LIMITS as L, MEMBERSHIP_MESSAGES as M } from './membership-messages.ts';

export { MEMBERSHIP_LIMITS, MEMBERSHIP_MESSAGES } from './membership-messages.ts';

/**
 * Memberships from the creator's side (docs/memberships.md): a membership product's tiers and its
 * members. Every function checks that the store is the caller's and the product, tier or member
 * the store's: another creator's id answers exactly like one that does not exist.
 */
const prefixedId = (prefix: string) =>
  z.string({ error: MESSAGES.generic.invalidArgument }).regex(idPattern(prefix), { error: MESSAGES.generic.invalidArgument });
export const TierIdSchema = prefixedId('mtr');
export const MemberIdSchema = prefixedId('mbr');

const tierPrice = z
  .number()
  .int({ error: M.priceWhole })
  .min(L.minPriceCents, { error: M.priceTooLow })
  .max(L.maxPriceCents, { error: M.priceTooHigh })
  .nullable();

/** What a creator edits on a tier. Prices apply to new members only (decision 041). */
const tierField = {
  name: z.string().trim().check(singleLine).min(1, { error: M.tierNameRequired }).max(L.tierNameMax, { error: M.tierNameTooLong }),
  description: z.string().trim().check(multiLine).max(L.tierDescriptionMax, { error: M.tierDescriptionTooLong }),
  benefits: z
    .array(z.string().trim().check(singleLine).min(1, { error: M.benefitRequired }).max(L.benefitMax, { error: M.benefitTooLong }))
    .max(L.benefitsMax, { error: M.tooManyBenefits }),
  /** At least one of the two (the server says so): null is "not offered". */
  monthlyPriceCents: tierPrice,
  yearlyPriceCents: tierPrice,
  trialDays: z.number().int({ error: M.trialDays }).min(0, { error: M.trialDays }).max(L.trialDaysMax, { error: M.trialDays }),
  /** Charged once, with the first paid period; 0 for none. */
  setupFeeCents: z
    .number()
    .int({ error: M.priceWhole })
    .max(L.maxPriceCents, { error: M.priceTooHigh })
    .refine((cents) => cents === 0 || cents >= L.minPriceCents, { error: M.setupFeeTooLow }),
  /** How many members (not ended) the tier takes; null is unlimited. */
  memberLimit: z.number().int({ error: M.memberLimit }).min(1, { error: M.memberLimit }).max(L.memberLimitMax, { error: M.memberLimit }).nullable(),
  /** Whether members may pause (no charges, no access) and resume from the members area. */
  pausable: z.boolean(),
  /**
   * The longest pause the creator allows, in days (1 to MEMBERSHIP_LIMITS.maxPauseDays): a pause
   * then needs a resume date within it. Null: a date up to the platform's bound, or until resumed.
   */
  maxPauseDays: z.number().int({ error: M.maxPauseDays }).min(1, { error: M.maxPauseDays }).max(L.maxPauseDays, { error: M.maxPauseDays }).nullable(),
};

/** Every field of a tier, all required: the dashboard's tier form checks itself against this. */
export const MembershipTierFieldsSchema = z.object(tierField).strict();

export const MembershipTierSchema = z.object({
  id: z.string(),
  productId: z.string(),
  name: z.string(),
  description: z.string(),
  benefits: z.array(z.string()),
  monthlyPriceCents: z.number().int().nullable(),
  yearlyPriceCents: z.number().int().nullable(),
  currency: z.string(),
  trialDays: z.number().int(),
  setupFeeCents: z.number().int(),
  memberLimit: z.number().int().nullable(),
  pausable: z.boolean(),
  maxPauseDays: z.number().int().nullable(),
  position: z.number().int(),
  /** Archived tiers take no new members; their members keep access. */
  archivedAt: z.string().nullable(),
  /** Members not ended (trialing, active, past due or paused): what the member limit counts. */
  memberCount: z.number().int(),
  /** The courses the tier includes, in their order: its members take them while access lasts. */
  courses: z.array(z.object({ id: z.string(), title: z.string() })),
  /** The membership's files the tier includes, in their order: its members download them while access lasts. */
  files: z.array(z.object({ id: z.string(), name: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MembershipTier = z.infer<typeof MembershipTierSchema>;

const TierListSchema = z.object({ tiers: z.array(MembershipTierSchema), currency: z.string() });

/** The product's tiers: live ones in their order, then archived ones. */
export const listMembershipTiers = defineFunction({
  name: 'listMembershipTiers',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, productId: ProductIdSchema }).strict(),
  output: TierListSchema,
});

export const CreateMembershipTierInputSchema = z
  .object({
    storeId: StoreIdSchema,
    productId: ProductIdSchema,
    name: tierField.name,
    description: tierField.description.default(''),
    benefits: tierField.benefits.default([]),
    monthlyPriceCents: tierField.monthlyPriceCents.default(null),
    yearlyPriceCents: tierField.yearlyPriceCents.default(null),
    trialDays: tierField.trialDays.default(0),
    setupFeeCents: tierField.setupFeeCents.default(0),
    memberLimit: tierField.memberLimit.default(null),
    pausable: tierField.pausable.default(false),
    maxPauseDays: tierField.maxPauseDays.default(null),
  })
  .strict();

/** A new tier, last in the order, in the store currency. */
export const createMembershipTier = defineFunction({
  name: 'createMembershipTier',
  access: 'creator',
  input: CreateMembershipTierInputSchema,
  output: MembershipTierSchema,
});

/** Only the fields sent change. A member limit below the tier's current members is refused. */
export const UpdateMembershipTierInputSchema = z
  .object({
    storeId: StoreIdSchema,
    tierId: TierIdSchema,
    name: tierField.name.optional(),
    description: tierField.description.optional(),
    benefits: tierField.benefits.optional(),
    monthlyPriceCents: tierField.monthlyPriceCents.optional(),
    yearlyPriceCents: tierField.yearlyPriceCents.optional(),
    trialDays: tierField.trialDays.optional(),
    setupFeeCents: tierField.setupFeeCents.optional(),
    memberLimit: tierField.memberLimit.optional(),
    pausable: tierField.pausable.optional(),
    maxPauseDays: tierField.maxPauseDays.optional(),
  })
  .strict();

export const updateMembershipTier = defineFunction({
  name: 'updateMembershipTier',
  access: 'creator',
  input: UpdateMembershipTierInputSchema,
  output: MembershipTierSchema,
});

/** The new order of the product's live tiers: each once. */
export const reorderMembershipTiers = defineFunction({
  name: 'reorderMembershipTiers',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, productId: ProductIdSchema, tierIds: z.array(TierIdSchema).max(L.tiersPerProduct) }).strict(),
  output: TierListSchema,
});

/** The tier takes no new members from now on; its members keep their access and their price. */
export const archiveMembershipTier = defineFunction({
  name: 'archiveMembershipTier',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, tierId: TierIdSchema }).strict(),
  output: MembershipTierSchema,
});

/**
 * The courses the tier includes, in this order (replacing the list): its members with access are
 * enrolled in each at once, and lessons lock for members whose access ends. Each must be a course
 * of the store; an id of another store's product answers like a missing one.
 */
export const setMembershipTierCourses = defineFunction({
  name: 'setMembershipTierCourses',
  access: 'creator',
  input: z
    .object({
      storeId: StoreIdSchema,
      tierId: TierIdSchema,
      courses: z
        .array(ProductIdSchema)
        .max(L.coursesPerTier, { error: M.tooManyTierCourses })
        .refine((ids) => new Set(ids).size === ids.length, { error: M.tierCourseTwice }),
    })
    .strict(),
  output: MembershipTierSchema,
});

/**
 * The files the tier includes, in this order (replacing the list): files uploaded on the tier's
 * membership product. Its members download them through signed, expiring links while their access
 * lasts, with the product's download limit. Another product's or another store's file answers
 * like a missing one.
 */
export const setMembershipTierFiles = defineFunction({
  name: 'setMembershipTierFiles',
  access: 'creator',
  input: z
    .object({
      storeId: StoreIdSchema,
      tierId: TierIdSchema,
      files: z
        .array(ProductFileIdSchema)
        .max(L.filesPerTier, { error: M.tooManyTierFiles })
        .refine((ids) => new Set(ids).size === ids.length, { error: M.tierFileTwice }),
    })
    .strict(),
  output: MembershipTierSchema,
});

/**
 * Moves the tier's existing members to its current price for their interval, with notice: each
 * member is emailed once now, and keeps their price until their first renewal at least
 * MEMBERSHIP_LIMITS.priceMoveNoticeDays days from now, which charges the new one (on Stripe, the
 * subscription's item moves to the new Price when the notice ends, without proration).
 * Members already paying it, or already scheduled for it, are left as they are; asking again
 * changes nothing.
 */
export const moveTierMembersToCurrentPrice = defineFunction({
  name: 'moveTierMembersToCurrentPrice',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, tierId: TierIdSchema }).strict(),
  output: z.object({
    /** Members scheduled now (each emailed once). */
    scheduled: z.number().int(),
    /** Members already scheduled for this price by an earlier ask. */
    alreadyScheduled: z.number().int(),
    /** Of the members moving (scheduled now or before), those billed on Stripe. */
    stripeMembers: z.number().int(),
    /** When the notice ends: each move takes effect at the member's first renewal from then. */
    noticeEndsAt: z.string(),
  }),
});

/** A member's state (decision 041); "cancelled at period end" is `cancelAtPeriodEnd` on a live one. */
export const MEMBER_STATUSES = ['trialing', 'active', 'past_due', 'paused', 'ended'] as const;
/** The columns the members table sorts by (ties: newest first). */
export const MEMBER_SORTS = ['since', 'member', 'periodEnd', 'lifetimeValue'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

/** One member of a membership product, as its creator sees them. Money in minor units. */
export const MemberSchema = z.object({
  id: z.string(),
  customer: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  tier: z.object({ id: z.string(), name: z.string() }),
  status: z.enum(MEMBER_STATUSES),
  cancelAtPeriodEnd: z.boolean(),
  interval: z.enum(['monthly', 'yearly']),
  /** What the member pays per period: the price they joined at. */
  priceCents: z.number().int(),
  currency: z.string(),
  since: z.string(),
  /** When the current period (or the trial) ends: what "cancels at period end" keeps. */
  periodEnd: z.string(),
  /** Since when the member's membership is paused (null when it is not). */
  pausedAt: z.string().nullable(),
  /** The newest paid period charge (the first one includes any setup fee); null before any. */
  lastCharge: z.object({ at: z.string(), amountCents: z.number().int(), refunded: z.boolean() }).nullable(),
  /** Paid charges, less refunded ones. */
  lifetimeValueCents: z.number().int(),
  /** The next charge (a renewal or a retry) and its amount; null when none is coming. */
  nextCharge: z.object({ at: z.string(), amountCents: z.number().int() }).nullable(),
  endedAt: z.string().nullable(),
  provider: z.enum(['stripe', 'test']),
  /** The subscription on the creator's own Stripe account (or the test provider's id). */
  subscriptionId: z.string(),
});
export type Member = z.infer<typeof MemberSchema>;

const memberFilters = {
  storeId: StoreIdSchema,
  productId: ProductIdSchema,
  tierId: TierIdSchema.optional(),
  status: z.enum(MEMBER_STATUSES).optional(),
  /** Part of the member's email, any case. */
  search: z.string().trim().check(singleLine).max(L.searchMax).optional(),
  /** The rows' order: by when they joined (the default, newest first), email, period end or lifetime value. */
  sort: z.enum(MEMBER_SORTS).default('since'),
  direction: z.enum(['asc', 'desc']).default('desc'),
};

/** A membership's members in the chosen order (newest first by default), a page at a time (MEMBERSHIP_LIMITS.membersPageSize). */
export const listMembers = defineFunction({
  name: 'listMembers',
  access: 'creator',
  input: z.object({ ...memberFilters, page: z.number().int().min(1).max(100_000).default(1) }).strict(),
  output: z.object({ members: z.array(MemberSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), currency: z.string() }),
});

/** The same filters as a CSV file, at most MEMBERSHIP_LIMITS.exportRowsMax rows (`truncated` says when more matched). */
export const exportMembersCsv = defineFunction({
  name: 'exportMembersCsv',
  access: 'creator',
  input: z.object(memberFilters).strict(),
  output: z.object({ filename: z.string(), csv: z.string(), rows: z.number().int(), truncated: z.boolean() }),
});

/**
 * Cancels a member through their provider: at the end of the period they paid for (access lasts
 * until then), or now (access ends at once). No refund is made; that is its own action.
 */
export const cancelMember = defineFunction({
  name: 'cancelMember',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, membershipId: MemberIdSchema, when: z.enum(['period_end', 'now']) }).strict(),
  output: MemberSchema,
});

/** Refunds the member's newest paid charge in full. The membership itself is not changed. */
export const refundMemberLastPayment = defineFunction({
  name: 'refundMemberLastPayment',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, membershipId: MemberIdSchema }).strict(),
  output: z.object({ member: MemberSchema, refund: z.object({ invoiceId: z.string(), amountCents: z.number().int(), currency: z.string() }) }),
});
