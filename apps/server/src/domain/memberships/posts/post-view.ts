// Exports toPostSummary and toPost: the creator's answer shapes of a post.
import type { MembershipPost, MembershipPostSummary } from '@shopfront/core';
import type { MembershipPostRow } from '#src/db/schema/index.ts';

/** A post as the creator's list shows it (no text: a membership may have a thousand). */
export function toPostSummary(row: MembershipPostRow): MembershipPostSummary {
  return {
    id: row.id,
    productId: row.productId,
    title: row.title,
    status: row.status,
    tierIds: row.tierIds,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPost(row: MembershipPostRow): MembershipPost {
  return { ...toPostSummary(row), bodyHtml: row.bodyHtml };
}
