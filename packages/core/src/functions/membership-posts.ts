import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { idPattern, multiLineText, ProductFileIdSchema, ProductIdSchema, singleLine, StoreIdSchema } from '../schemas/text.ts';
import { defineFunction } from './define.ts';
import { MEMBERSHIP_POST_LIMITS as L, MEMBERSHIP_POST_MESSAGES as M } from './membership-post-messages.ts';

export { MEMBERSHIP_POST_LIMITS, MEMBERSHIP_POST_MESSAGES } from './membership-post-messages.ts';

/**
 * Members-only posts (docs/memberships.md "Members-only posts"). The creator's functions check
 * that the store is the caller's and the product, post or tier the store's; the member's check the
 * signed-in store customer's memberships. Another store's id answers exactly like a missing one.
 */
const prefixedId = (prefix: string) =>
  z.string({ error: MESSAGES.generic.invalidArgument }).regex(idPattern(prefix), { error: MESSAGES.generic.invalidArgument });
export const MembershipPostIdSchema = prefixedId('mpost');
const TierIdSchema = prefixedId('mtr');

export const PostTitleSchema = z.string().trim().check(singleLine).min(1, { error: M.titleRequired }).max(L.titleMax, { error: M.titleTooLong });
/** Rich text from the product editor's editor; the server sanitises it as product descriptions are. */
export const PostBodySchema = multiLineText().max(L.bodyMax * 2, { error: M.bodyTooLong });
/** The tiers that may read the post; null: every tier of the membership, those added later too. */
export const PostTierIdsSchema = z.array(TierIdSchema).min(1, { error: M.tiersRequired }).max(L.tiersPerPost, { error: M.tooManyTiers }).nullable();
/** Files of the membership product, listed under the post in this order. */
export const PostFileIdsSchema = z.array(ProductFileIdSchema).max(L.filesPerPost, { error: M.tooManyFiles });

export const MEMBERSHIP_POST_STATUSES = ['draft', 'published'] as const;

export const MembershipPostSummarySchema = z.object({
  id: z.string(),
  productId: z.string(),
  title: z.string(),
  status: z.enum(MEMBERSHIP_POST_STATUSES),
  tierIds: z.array(z.string()).nullable(),
  /** When it was first published (kept through an unpublish); null for a post never published. */
  publishedAt: z.string().nullable(),
  /** The membership product's files attached to the post, in order. */
  fileIds: z.array(z.string()),
  /** When the post was emailed to its tiers' members, and to how many (once per post); null if never. */
  emailed: z.object({ at: z.string(), recipients: z.number().int() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MembershipPostSummary = z.infer<typeof MembershipPostSummarySchema>;

export const MembershipPostSchema = MembershipPostSummarySchema.extend({ bodyHtml: z.string() });
export type MembershipPost = z.infer<typeof MembershipPostSchema>;

const owned = { storeId: StoreIdSchema, postId: MembershipPostIdSchema };
const PostAnswerSchema = z.object({ post: MembershipPostSchema });

/** The membership's posts without their text, newest first. */
export const listMembershipPosts = defineFunction({
  name: 'listMembershipPosts',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, productId: ProductIdSchema }).strict(),
  output: z.object({ posts: z.array(MembershipPostSummarySchema), showLockedTitles: z.boolean() }),
});

/** Whether the membership's storefront page lists the titles of its posts to visitors (on by default). */
export const setMembershipPostTitlesShown = defineFunction({
  name: 'setMembershipPostTitlesShown',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, productId: ProductIdSchema, shown: z.boolean() }).strict(),
  output: z.object({ showLockedTitles: z.boolean() }),
});

/** One post with its text, for the editor. */
export const getMembershipPost = defineFunction({ name: 'getMembershipPost', access: 'creator', input: z.object(owned).strict(), output: PostAnswerSchema });

/** A new draft. Tier ids must be the membership's own tiers. */
export const createMembershipPost = defineFunction({
  name: 'createMembershipPost',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, productId: ProductIdSchema, title: PostTitleSchema, bodyHtml: PostBodySchema.default(''), tierIds: PostTierIdsSchema, fileIds: PostFileIdsSchema.default([]) }).strict(),
  output: PostAnswerSchema,
});

/** Only the fields sent change; a published post stays published with its new text. */
export const updateMembershipPost = defineFunction({
  name: 'updateMembershipPost',
  access: 'creator',
  input: z.object({ ...owned, title: PostTitleSchema.optional(), bodyHtml: PostBodySchema.optional(), tierIds: PostTierIdsSchema.optional(), fileIds: PostFileIdsSchema.optional() }).strict(),
  output: PostAnswerSchema,
});

/** Members of its tiers can read it from now on (a post with no text is refused); publishing again answers it as it is. */
export const publishMembershipPost = defineFunction({ name: 'publishMembershipPost', access: 'creator', input: z.object(owned).strict(), output: PostAnswerSchema });

/** Back to a draft: members no longer see it; unpublishing a draft answers it as it is. */
export const unpublishMembershipPost = defineFunction({ name: 'unpublishMembershipPost', access: 'creator', input: z.object(owned).strict(), output: PostAnswerSchema });

/** Deletes the post for good (the dashboard confirms first). */
export const deleteMembershipPost = defineFunction({
  name: 'deleteMembershipPost',
  access: 'creator',
  input: z.object(owned).strict(),
  output: z.object({ deletedId: z.string() }),
});

/** How many members emailing the post would reach now (live access on a tier it names, not unsubscribed or suppressed). */
export const previewMembershipPostEmail = defineFunction({
  name: 'previewMembershipPostEmail',
  access: 'creator',
  input: z.object(owned).strict(),
  output: z.object({ recipients: z.number().int() }),
});

/**
 * Emails a published post to its tiers' members whose access is live, once, through a hidden
 * campaign (rate limits, suppressions, unsubscribe links, the postal address rule apply). A
 * second send is refused.
 */
export const emailMembershipPost = defineFunction({ name: 'emailMembershipPost', access: 'creator', input: z.object(owned).strict(), output: PostAnswerSchema });

/**
 * How a member may read a post: `open` (the text is in the answer), `upgrade` (the membership has
 * access but its tier is not one the post names), `resume` (paused), `renew` (access has ended).
 */
export const MEMBER_POST_ACCESS = ['open', 'upgrade', 'resume', 'renew'] as const;

export const MyMembershipPostSchema = z.object({
  id: z.string(),
  title: z.string(),
  publishedAt: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  /** The product page's slug: where "Renew" goes. */
  productSlug: z.string(),
  /** The member's membership the access is judged on. */
  membershipId: z.string(),
  access: z.enum(MEMBER_POST_ACCESS),
  /** With `upgrade`: the first tier (in the creator's order) that may read it and takes members; null when none does. */
  upgradeTo: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type MyMembershipPost = z.infer<typeof MyMembershipPostSchema>;

/** The published posts of the signed-in customer's memberships at this store, newest first, without their text. */
export const listMyMembershipPosts = defineFunction({
  name: 'listMyMembershipPosts',
  access: 'customer',
  input: z.object({ storeId: StoreIdSchema }).strict(),
  output: z.object({ posts: z.array(MyMembershipPostSchema) }),
});

/** One post: its text only when `access` is `open` (the server never sends it otherwise). */
export const getMyMembershipPost = defineFunction({
  name: 'getMyMembershipPost',
  access: 'customer',
  input: z.object(owned).strict(),
  output: z.object({
    post: MyMembershipPostSchema.extend({
      bodyHtml: z.string().nullable(),
      /** The post's files with a fresh signed link each, only when `access` is `open` (empty otherwise). */
      files: z.array(z.object({ id: z.string(), name: z.string(), sizeBytes: z.number(), url: z.string() })),
    }),
  }),
});
