import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { CARD_FIELDS } from '../rules/card.ts';
import { BuyerNameSchema } from '../schemas/commerce.ts';
import { EmailSchema } from '../schemas/fields.ts';
import { idPattern, singleLine, singleLineText, StoreIdSchema } from '../schemas/text.ts';
import { VisitorTimeZoneSchema } from '../time-zone.ts';
import { defineFunction } from './define.ts';

/**
 * Memberships from the member's side (docs/memberships.md "Joining and self-service"): joining a
 * tier from the storefront, and the signed-in store customer's own memberships in the members
 * area. Every membership id is checked against that customer and store: another customer's or
 * another store's answers exactly like one that does not exist.
 */
const prefixedId = (prefix: string) =>
  z.string({ error: MESSAGES.generic.invalidArgument }).regex(idPattern(prefix), { error: MESSAGES.generic.invalidArgument });
const MembershipIdSchema = prefixedId('mbr');
const MembershipTierIdSchema = prefixedId('mtr');

/** How often a member pays; the wire names of the tier's monthly and yearly prices. */
export const MEMBER_BILLING_INTERVALS = ['monthly', 'yearly'] as const;
const MembershipIntervalSchema = z.enum(MEMBER_BILLING_INTERVALS);
export type MemberBillingInterval = z.infer<typeof MembershipIntervalSchema>;

const STATUSES = ['trialing', 'active', 'past_due', 'paused', 'ended'] as const;

/** The longest cancellation reason a member can give. */
export const MEMBER_CANCEL_REASON_MAX_LENGTH = 500;

/**
 * Joins a tier: checks the tier can take this visitor (not archived, the product published, the
 * store online, room under the member limit, a price for the interval, not a member already) and
 * answers where to pay. Idempotent per (store, idempotencyKey): a retry answers the same page, and
 * paying it twice makes one membership. The membership exists only once the provider has the card.
 */
export const startMembershipCheckout = defineFunction({
  name: 'startMembershipCheckout',
  access: 'public',
  input: z
    .object({
      storeId: StoreIdSchema,
      tierId: MembershipTierIdSchema,
      interval: MembershipIntervalSchema,
      email: EmailSchema,
      name: BuyerNameSchema,
      marketingConsent: z.boolean().optional(),
      /** The browser's IANA zone; one this runtime does not know is dropped, never refused. */
      timeZone: VisitorTimeZoneSchema,
      idempotencyKey: z.string().trim().check(singleLine).min(8).max(100),
    })
    .strict(),
  output: z.object({ checkoutId: z.string(), checkoutUrl: z.string() }),
});

export const MyMembershipInvoiceSchema = z.object({
  id: z.string(),
  /** `period`: a period's charge; `proration`: a tier change (negative when credited). */
  kind: z.enum(['period', 'proration']),
  status: z.enum(['paid', 'failed']),
  amountCents: z.number().int(),
  currency: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  createdAt: z.string(),
});
export type MyMembershipInvoice = z.infer<typeof MyMembershipInvoiceSchema>;

/** Another live tier of the same membership, as a member choosing "Change tier" sees it. */
export const MyMembershipTierOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Its price for the member's interval; null when it is not offered that way (it cannot be chosen). */
  priceCents: z.number().int().nullable(),
  /** At its member limit: it cannot be chosen. */
  full: z.boolean(),
});
export type MyMembershipTierOption = z.infer<typeof MyMembershipTierOptionSchema>;

/** The members-area requests a Stripe membership waits on: cancel, undo the cancel, pause, unpause, change tier. */
export const MY_MEMBERSHIP_REQUESTS = ['cancel', 'resume', 'pause', 'unpause', 'change_tier'] as const;
export type MyMembershipRequest = (typeof MY_MEMBERSHIP_REQUESTS)[number];

export const MyMembershipSchema = z.object({
  id: z.string(),
  productId: z.string(),
  tier: z.object({ id: z.string(), name: z.string() }),
  status: z.enum(STATUSES),
  interval: MembershipIntervalSchema,
  /** What the member pays per interval (the price they joined at, or moved to). */
  priceCents: z.number().int(),
  currency: z.string(),
  currentPeriodEnd: z.string(),
  trialEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  cancelReason: z.string().nullable(),
  /** Whether the creator lets members of this tier pause. */
  pausable: z.boolean(),
  /** The longest pause the tier allows, in days: a pause then needs a resume date within it (null: the platform's bound, or until resumed). */
  maxPauseDays: z.number().int().nullable(),
  /** The store's time zone: a resume date is a day there, starting at its midnight. */
  timeZone: z.string(),
  /** The membership product's page on the storefront (its slug): where "Renew" goes once access has ended. */
  productSlug: z.string(),
  /** Since when it is paused (null when it is not): no charges and no access until resumed. */
  pausedAt: z.string().nullable(),
  /** When a pause the member gave a date resumes by itself (null: paused until they resume it, or not paused). */
  pausedUntil: z.string().nullable(),
  /** The product's other live tiers, in the creator's order: what "Change tier" offers. */
  otherTiers: z.array(MyMembershipTierOptionSchema),
  /** Until when the tier's content is open (null: locked). */
  accessUntil: z.string().nullable(),
  /** The next charge, or null when none is coming (cancelled at period end, paused, ended). */
  nextCharge: z.object({ at: z.string(), amountCents: z.number().int() }).nullable(),
  /** Newest first. */
  invoices: z.array(MyMembershipInvoiceSchema),
  /** Who bills it: Stripe memberships change their card in Stripe's portal ("Manage billing"). */
  provider: z.enum(['stripe', 'test']),
  /**
   * A request sent to Stripe that its webhook has not confirmed yet (always null for the test
   * provider, which answers at once): the members area shows it as waiting until it lands.
   */
  pendingRequest: z.object({ type: z.enum(MY_MEMBERSHIP_REQUESTS), requestedAt: z.string() }).nullable(),
});
export type MyMembership = z.infer<typeof MyMembershipSchema>;

const mine = { storeId: StoreIdSchema, membershipId: MembershipIdSchema };

/** The signed-in customer's memberships at this store, newest first. */
export const listMyMemberships = defineFunction({
  name: 'listMyMemberships',
  access: 'customer',
  input: z.object({ storeId: StoreIdSchema }).strict(),
  output: z.object({ memberships: z.array(MyMembershipSchema) }),
});

/** A file of the member's tier: `url` is a signed download link, null while the files are locked or at the download limit. */
export const MyMembershipFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  sizeBytes: z.number().int(),
  /** Downloads of this file the member still has (the product's limit); null when unlimited. */
  downloadsLeft: z.number().int().nullable(),
  url: z.string().nullable(),
});
export type MyMembershipFile = z.infer<typeof MyMembershipFileSchema>;

/**
 * The files of each of the customer's memberships at this store whose tier includes files: `open`
 * while access lasts (each with a fresh signed, expiring link), `resume` while paused and `renew`
 * once access ended (names only, no links). A link already handed out stops working when access
 * ends: the download checks access again.
 */
export const listMyMembershipFiles = defineFunction({
  name: 'listMyMembershipFiles',
  access: 'customer',
  input: z.object({ storeId: StoreIdSchema }).strict(),
  output: z.object({
    memberships: z.array(
      z.object({ membershipId: z.string(), access: z.enum(['open', 'resume', 'renew']), files: z.array(MyMembershipFileSchema) }),
    ),
  }),
});

/** Cancels at the end of the period (or trial): access lasts until then, and nothing more is charged. */
export const cancelMyMembership = defineFunction({
  name: 'cancelMyMembership',
  access: 'customer',
  input: z.object({ ...mine, reason: singleLineText().trim().max(MEMBER_CANCEL_REASON_MAX_LENGTH).optional() }).strict(),
  output: z.object({ membership: MyMembershipSchema }),
});

/** Undoes a cancellation before the period ends: the membership renews as before. */
export const resumeMyMembership = defineFunction({
  name: 'resumeMyMembership',
  access: 'customer',
  input: z.object(mine).strict(),
  output: z.object({ membership: MyMembershipSchema }),
});

/**
 * Pauses now, if the tier allows it: no charges and no access while paused. The paid time left in
 * the period is kept and given back on resuming (the period end moves by the time paused). Only
 * an active membership that is not cancelled pauses (a free trial is refused: nothing is charged
 * yet); pausing a paused one answers it as it is. `resumeOn` (a day in the store's time zone, from
 * tomorrow to MEMBERSHIP_LIMITS.maxPauseDays days ahead) resumes it by itself at that day's start.
 * A tier with its own `maxPauseDays` needs a resume date, at most that many days ahead.
 */
export const pauseMyMembership = defineFunction({
  name: 'pauseMyMembership',
  access: 'customer',
  input: z.object({ ...mine, resumeOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Pick a resume date.' }).optional() }).strict(),
  output: z.object({ membership: MyMembershipSchema }),
});

/** Ends a pause now: access is back at once and the next charge is at the moved period end. */
export const unpauseMyMembership = defineFunction({
  name: 'unpauseMyMembership',
  access: 'customer',
  input: z.object(mine).strict(),
  output: z.object({ membership: MyMembershipSchema }),
});

export const MembershipChangePreviewSchema = z.object({
  tier: z.object({ id: z.string(), name: z.string() }),
  interval: MembershipIntervalSchema,
  /** The new tier's price per interval, charged from the next renewal. */
  priceCents: z.number().int(),
  currency: z.string(),
  /** The unused part of the current period at the old price, given back. */
  creditCents: z.number().int().nonnegative(),
  /** The rest of the current period at the new price. */
  chargeCents: z.number().int().nonnegative(),
  /** chargeCents − creditCents: charged now when positive, credited when negative. */
  netCents: z.number().int(),
  /** The period end, which the change keeps. */
  currentPeriodEnd: z.string(),
  /** The time the numbers are for (the store's test clock for test memberships). */
  at: z.string(),
});
export type MembershipChangePreview = z.infer<typeof MembershipChangePreviewSchema>;

const change = { ...mine, tierId: MembershipTierIdSchema };

/** What moving to another tier of the same membership would charge or credit now. */
export const previewMembershipChange = defineFunction({
  name: 'previewMembershipChange',
  access: 'customer',
  input: z.object(change).strict(),
  output: z.object({ preview: MembershipChangePreviewSchema }),
});

/** Moves to another tier now: charges or credits the difference once and keeps the period end. */
export const changeMyMembershipTier = defineFunction({
  name: 'changeMyMembershipTier',
  access: 'customer',
  input: z.object(change).strict(),
  output: z.object({ membership: MyMembershipSchema, preview: MembershipChangePreviewSchema }),
});

const cardText = singleLineText().max(100);

/**
 * The test provider's "change card": the next charge or retry uses it; saving a card charges
 * nothing. Refusals are answers (shown next to the form), not errors.
 */
export const replaceMyMembershipCard = defineFunction({
  name: 'replaceMyMembershipCard',
  access: 'customer',
  input: z
    .object({
      ...mine,
      card: z.object(Object.fromEntries(CARD_FIELDS.map((field) => [field, cardText])) as Record<(typeof CARD_FIELDS)[number], typeof cardText>).strict(),
      authentication: z.enum(['complete', 'fail']).optional(),
    })
    .strict(),
  output: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('replaced') }),
    z.object({ kind: z.literal('invalid'), errors: z.partialRecord(z.enum(CARD_FIELDS), z.string()) }),
    z.object({ kind: z.literal('refused'), message: z.string(), field: z.enum(CARD_FIELDS).optional() }),
    z.object({ kind: z.literal('authenticate') }),
  ]),
});

/**
 * Stripe's customer portal on the creator's connected account, where a member billed by Stripe
 * changes their card (test memberships use replaceMyMembershipCard). Answers where to go.
 */
export const openMembershipBillingPortal = defineFunction({
  name: 'openMembershipBillingPortal',
  access: 'customer',
  input: z.object(mine).strict(),
  output: z.object({ url: z.string() }),
});
