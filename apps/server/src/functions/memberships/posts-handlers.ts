// Exports membershipPostHandlers: the thin handlers of members-only posts, creator's and member's, registered together.
import * as creator from '#src/domain/memberships/posts/creator-posts.ts';
import * as member from '#src/domain/memberships/posts/member-posts.ts';
import { emailMembershipPost as sendPostEmail, previewMembershipPostEmail as previewPostEmail } from '#src/domain/memberships/posts/email-membership-post.ts';
import { setMembershipPostStatus } from '#src/domain/memberships/posts/set-membership-post-status.ts';
import { setPostTitlesShown } from '#src/domain/memberships/posts/set-post-titles-shown.ts';
import { creatorId } from '../auth/creator-id.ts';
import { customerOf } from '../members/member-context.ts';
import type { Handler, HandlerRegistry } from '../types.ts';

const listMembershipPosts: Handler<'listMembershipPosts'> = (input, ctx) => creator.listMembershipPosts(ctx, { ...input, userId: creatorId(ctx) });

const setMembershipPostTitlesShown: Handler<'setMembershipPostTitlesShown'> = (input, ctx) =>
  setPostTitlesShown({ db: ctx.db, now: ctx.now() }, { ...input, userId: creatorId(ctx) });

const previewMembershipPostEmail: Handler<'previewMembershipPostEmail'> = (input, ctx) => previewPostEmail({ db: ctx.db, now: ctx.now() }, { ...input, userId: creatorId(ctx) });

const emailMembershipPost: Handler<'emailMembershipPost'> = async (input, ctx) => ({
  post: await sendPostEmail({ db: ctx.db, now: ctx.now(), env: ctx.env }, { ...input, userId: creatorId(ctx) }),
});

const getMembershipPost: Handler<'getMembershipPost'> = async (input, ctx) => ({ post: await creator.getMembershipPost(ctx, { ...input, userId: creatorId(ctx) }) });

const createMembershipPost: Handler<'createMembershipPost'> = async (input, ctx) => ({
  post: await creator.createMembershipPost({ db: ctx.db, now: ctx.now() }, { ...input, userId: creatorId(ctx) }),
});

const updateMembershipPost: Handler<'updateMembershipPost'> = async (input, ctx) => ({
  post: await creator.updateMembershipPost({ db: ctx.db, now: ctx.now() }, { ...input, userId: creatorId(ctx) }),
});

const publishMembershipPost: Handler<'publishMembershipPost'> = async (input, ctx) => ({
  post: await setMembershipPostStatus({ db: ctx.db, now: ctx.now() }, { ...input, userId: creatorId(ctx), status: 'published' }),
});

const unpublishMembershipPost: Handler<'unpublishMembershipPost'> = async (input, ctx) => ({
  post: await setMembershipPostStatus({ db: ctx.db, now: ctx.now() }, { ...input, userId: creatorId(ctx), status: 'draft' }),
});

const deleteMembershipPost: Handler<'deleteMembershipPost'> = (input, ctx) => creator.deleteMembershipPost(ctx, { ...input, userId: creatorId(ctx) });

const listMyMembershipPosts: Handler<'listMyMembershipPosts'> = async (input, ctx) => ({
  posts: await member.listMyMembershipPosts({ db: ctx.db, now: ctx.now() }, { storeId: input.storeId, ...customerOf(ctx, input.storeId) }),
});

const getMyMembershipPost: Handler<'getMyMembershipPost'> = async (input, ctx) => ({
  post: await member.getMyMembershipPost({ db: ctx.db, now: ctx.now(), env: ctx.env }, { ...input, ...customerOf(ctx, input.storeId) }),
});

/** Members-only posts: the creator's writes and the members area's reading; ../index.ts spreads them into the registry. */
export const membershipPostHandlers = {
  listMembershipPosts,
  getMembershipPost,
  createMembershipPost,
  updateMembershipPost,
  publishMembershipPost,
  unpublishMembershipPost,
  deleteMembershipPost,
  listMyMembershipPosts,
  getMyMembershipPost,
  setMembershipPostTitlesShown,
  previewMembershipPostEmail,
  emailMembershipPost,
} satisfies Partial<HandlerRegistry>;
