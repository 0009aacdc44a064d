// Exports listMyMembershipPosts and getMyMembershipPost: the members area's reading of posts, one module
// because both judge the post against the customer's memberships the same way.
import { AppError, MEMBERSHIP_POST_MESSAGES as M, type MyMembershipPost } from '@shopfront/core';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { membershipPosts, memberships, membershipTiers, products } from '#src/db/schema/index.ts';
import { readTestClockOffsetMs } from '#src/domain/test-clock/read-test-clock.ts';
import type { Env } from '#src/env.ts';
import { membershipAccess } from '../membership-access.ts';
import { judgePostAccess, upgradeTarget, type MemberStanding } from './post-access.ts';
import { postFileLinks } from './post-files.ts';

interface Reader {
  storeId: string;
  customerId: string;
}

/** The customer's memberships at this store per product, newest first, each with its access now. */
async function standingsByProduct(db: Executor, input: Reader & { now: Date; productId?: string }): Promise<Map<string, MemberStanding[]>> {
  const rows = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.storeId, input.storeId), eq(memberships.customerId, input.customerId), input.productId ? eq(memberships.productId, input.productId) : undefined))
    .orderBy(desc(memberships.createdAt), desc(memberships.id));
  const byProduct = new Map<string, MemberStanding[]>();
  if (rows.length === 0) return byProduct;
  const clockNow = new Date(input.now.getTime() + (await readTestClockOffsetMs(db, input.storeId)));
  for (const row of rows) {
    const standing = { membershipId: row.id, tierId: row.tierId, hasAccess: membershipAccess(row, row.provider === 'test' ? clockNow : input.now), paused: row.status === 'paused' };
    byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), standing]);
  }
  return byProduct;
}

async function liveTiersByProduct(db: Executor, productIds: string[]): Promise<Map<string, { id: string; name: string }[]>> {
  const rows = await db
    .select({ id: membershipTiers.id, name: membershipTiers.name, productId: membershipTiers.productId })
    .from(membershipTiers)
    .where(and(inArray(membershipTiers.productId, productIds), isNull(membershipTiers.archivedAt)))
    .orderBy(asc(membershipTiers.position), asc(membershipTiers.createdAt), asc(membershipTiers.id));
  const byProduct = new Map<string, { id: string; name: string }[]>();
  for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  return byProduct;
}

const postColumns = {
  id: membershipPosts.id,
  title: membershipPosts.title,
  publishedAt: membershipPosts.publishedAt,
  tierIds: membershipPosts.tierIds,
  productId: membershipPosts.productId,
  productTitle: products.title,
  productSlug: products.slug,
};
type PostRow = { id: string; title: string; publishedAt: Date | null; tierIds: string[] | null; productId: string; productTitle: string; productSlug: string };

function toMyPost(row: PostRow, standings: MemberStanding[], tiers: { id: string; name: string }[]): MyMembershipPost | null {
  const judged = judgePostAccess(row.tierIds, standings);
  if (!judged) return null;
  const { tierIds, publishedAt, ...rest } = row;
  return { ...rest, publishedAt: (publishedAt ?? new Date(0)).toISOString(), ...judged, upgradeTo: judged.access === 'upgrade' ? upgradeTarget(tierIds, tiers) : null };
}

/** The published posts of every membership the customer holds or held at this store, newest first, without text. */
export async function listMyMembershipPosts(deps: { db: Executor; now: Date }, input: Reader): Promise<MyMembershipPost[]> {
  const standings = await standingsByProduct(deps.db, { ...input, now: deps.now });
  const productIds = [...standings.keys()];
  if (productIds.length === 0) return [];
  const [rows, tiers] = await Promise.all([
    deps.db
      .select(postColumns)
      .from(membershipPosts)
      .innerJoin(products, eq(products.id, membershipPosts.productId))
      .where(and(eq(membershipPosts.storeId, input.storeId), inArray(membershipPosts.productId, productIds), eq(membershipPosts.status, 'published')))
      .orderBy(desc(membershipPosts.publishedAt), desc(membershipPosts.id)),
    liveTiersByProduct(deps.db, productIds),
  ]);
  return rows.flatMap((row) => toMyPost(row, standings.get(row.productId) ?? [], tiers.get(row.productId) ?? []) ?? []);
}

/**
 * One published post of a membership the customer holds or held. Its text (and so its images'
 * addresses) and its files' signed links are in the answer only when they may read it now; a
 * draft, another store's post or another membership's answers like a missing one.
 */
export async function getMyMembershipPost(
  deps: { db: Executor; now: Date; env: Env },
  input: Reader & { postId: string },
): Promise<MyMembershipPost & { bodyHtml: string | null; files: Awaited<ReturnType<typeof postFileLinks>> }> {
  const [row] = await deps.db
    .select({ ...postColumns, bodyHtml: membershipPosts.bodyHtml, fileIds: membershipPosts.fileIds })
    .from(membershipPosts)
    .innerJoin(products, eq(products.id, membershipPosts.productId))
    .where(and(eq(membershipPosts.id, input.postId), eq(membershipPosts.storeId, input.storeId), eq(membershipPosts.status, 'published')))
    .limit(1);
  if (!row) throw new AppError('not-found', M.postNotFound);
  const standings = (await standingsByProduct(deps.db, { ...input, now: deps.now, productId: row.productId })).get(row.productId) ?? [];
  const tiers = (await liveTiersByProduct(deps.db, [row.productId])).get(row.productId) ?? [];
  const { bodyHtml, fileIds, ...post } = row;
  const mine = toMyPost(post, standings, tiers);
  if (!mine) throw new AppError('not-found', M.postNotFound);
  if (mine.access !== 'open') return { ...mine, bodyHtml: null, files: [] };
  const files = await postFileLinks(deps.db, deps, { productId: row.productId, storeId: input.storeId, fileIds, membershipId: mine.membershipId });
  return { ...mine, bodyHtml, files };
}
