// Exports findMemberPostFile (one download) and postFileLinks (the list under an open post): one module
// because both read a post's files within its own membership product.
import { COMMERCE_LIMITS } from '@shopfront/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { membershipPosts, memberships, productFiles, products, stores } from '#src/db/schema/index.ts';
import { memberFileDownloadUrl } from '#src/domain/delivery/download-tokens.ts';
import type { Env } from '#src/env.ts';
import { memberFileColumns, toMemberFile, type MemberFile } from '../files/member-files.ts';

/**
 * SECURITY "Downloads": a file attached to a published post, for a membership whose tier the post
 * names (or a post for every tier), the file uploaded on the membership's own product in its store.
 * Anything else (a draft, another tier's post, another product's or store's file) is null, like a
 * missing id. Access is judged now, as for tier files, so a link handed out while access lasted
 * stops working when it ends (paused: resume; ended: renew).
 */
export async function findMemberPostFile(db: Executor, ids: { membershipId: string; fileId: string }, now: Date): Promise<MemberFile | null> {
  const [row] = await db
    .select(memberFileColumns(now))
    .from(memberships)
    .innerJoin(productFiles, and(eq(productFiles.id, ids.fileId), eq(productFiles.productId, memberships.productId), eq(productFiles.storeId, memberships.storeId)))
    .innerJoin(products, eq(products.id, memberships.productId))
    .innerJoin(stores, eq(stores.id, memberships.storeId))
    .where(
      and(
        eq(memberships.id, ids.membershipId),
        sql`exists (select 1 from ${membershipPosts} p
          where p.product_id = ${memberships.productId} and p.store_id = ${memberships.storeId} and p.status = 'published'
            and p.file_ids ? ${ids.fileId}
            and (p.tier_ids is null or p.tier_ids ? ${memberships.tierId}))`,
      ),
    )
    .limit(1);
  return row ? toMemberFile(db, row, now) : null;
}

/** The post's files in its order, each with a fresh signed link for the membership reading it. Only call for an open post. */
export async function postFileLinks(
  db: Executor,
  deps: { env: Env; now: Date },
  post: { productId: string; storeId: string; fileIds: readonly string[]; membershipId: string },
): Promise<{ id: string; name: string; sizeBytes: number; url: string }[]> {
  if (post.fileIds.length === 0) return [];
  const rows = await db
    .select({ id: productFiles.id, name: productFiles.name, sizeBytes: productFiles.sizeBytes })
    .from(productFiles)
    .where(and(inArray(productFiles.id, [...post.fileIds]), eq(productFiles.productId, post.productId), eq(productFiles.storeId, post.storeId)));
  const expiresAt = new Date(deps.now.getTime() + COMMERCE_LIMITS.downloadLinkTtlMs);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return post.fileIds.flatMap((id) => {
    const file = byId.get(id);
    return file ? [{ ...file, sizeBytes: Number(file.sizeBytes), url: memberFileDownloadUrl(deps.env, post.membershipId, file.id, expiresAt) }] : [];
  });
}
