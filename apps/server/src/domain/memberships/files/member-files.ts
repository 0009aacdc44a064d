// Exports the reads of a member's tier files (findMemberFile for one download, findMyMembershipFiles
// for the members area): one module because both judge access and the download limit alike.
import { COMMERCE_LIMITS, type MyMembershipFile } from '@shopfront/core';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { memberships, membershipTierFiles, productFiles, products, stores, type MembershipRow, type ProductFileRow, type ThemeOverrides } from '#src/db/schema/index.ts';
import { downloadsLeft, memberUsedBytesSql } from '#src/domain/delivery/download-allowance.ts';
import { memberFileDownloadUrl } from '#src/domain/delivery/download-tokens.ts';
import { readTestClockOffsetMs } from '#src/domain/test-clock/read-test-clock.ts';
import type { Env } from '#src/env.ts';
import { membershipAccess } from '../membership-access.ts';

export type MemberFileAccess = 'open' | 'resume' | 'renew';

/** Open while access lasts (the store's test clock for a test membership); else resume or renew. */
export async function memberFileAccess(db: Executor, membership: MembershipRow, now: Date): Promise<MemberFileAccess> {
  const at = membership.provider === 'test' ? new Date(now.getTime() + (await readTestClockOffsetMs(db, membership.storeId))) : now;
  if (membershipAccess(membership, at)) return 'open';
  return membership.status === 'paused' ? 'resume' : 'renew';
}

export interface MemberFile {
  membership: MembershipRow;
  file: ProductFileRow;
  access: MemberFileAccess;
  /** The membership product's limit of downloads of each file, per member; null is unlimited. */
  downloadLimit: number | null;
  usedBytes: number;
  store: { theme: string; themeOverrides: ThemeOverrides };
}

/**
 * What every one-file read of a member selects: the membership, the file, the product's download
 * limit, the bytes this member already took of the file, and the store's theme for the error page.
 * Each caller joins `memberships`, `productFiles`, `products` and `stores` and adds the join or
 * condition that authorises the file (a tier's file list, a published post).
 */
export function memberFileColumns(now: Date) {
  return {
    membership: memberships,
    file: productFiles,
    downloadLimit: products.downloadLimit,
    usedBytes: memberUsedBytesSql(memberships.id, productFiles.id, now),
    store: { theme: stores.theme, themeOverrides: stores.themeOverrides },
  };
}

/** A selected row as the download route reads it, with access judged now. */
export async function toMemberFile(db: Executor, row: Omit<MemberFile, 'access' | 'usedBytes'> & { usedBytes: unknown }, now: Date): Promise<MemberFile> {
  return { ...row, usedBytes: Number(row.usedBytes), access: await memberFileAccess(db, row.membership, now) };
}

/**
 * SECURITY "Downloads": the file only if the membership's current tier includes it and it belongs
 * to the membership's own product in its store. Anything else (another tier's file, another
 * store's) is null, like a missing id. Access is judged now, so a link handed out while access
 * lasted stops working when it ends.
 */
export async function findMemberFile(db: Executor, ids: { membershipId: string; fileId: string }, now: Date): Promise<MemberFile | null> {
  const [row] = await db
    .select(memberFileColumns(now))
    .from(memberships)
    .innerJoin(membershipTierFiles, and(eq(membershipTierFiles.tierId, memberships.tierId), eq(membershipTierFiles.storeId, memberships.storeId)))
    .innerJoin(productFiles, and(eq(productFiles.id, membershipTierFiles.fileId), eq(productFiles.productId, memberships.productId), eq(productFiles.storeId, memberships.storeId)))
    .innerJoin(products, eq(products.id, memberships.productId))
    .innerJoin(stores, eq(stores.id, memberships.storeId))
    .where(and(eq(memberships.id, ids.membershipId), eq(productFiles.id, ids.fileId)))
    .limit(1);
  return row ? toMemberFile(db, row, now) : null;
}

export interface MyMembershipFiles {
  membershipId: string;
  access: MemberFileAccess;
  files: MyMembershipFile[];
}

/**
 * The signed-in customer's memberships at this store whose tier includes files, newest first:
 * the files in the tier's order, with a fresh signed link each while access lasts (none otherwise,
 * nor at the download limit).
 */
export async function findMyMembershipFiles(
  db: Executor,
  deps: { env: Env; now: Date },
  key: { storeId: string; customerId: string },
): Promise<MyMembershipFiles[]> {
  const rows = await db
    .select({
      membership: memberships,
      file: { id: productFiles.id, name: productFiles.name, sizeBytes: productFiles.sizeBytes },
      downloadLimit: products.downloadLimit,
      usedBytes: memberUsedBytesSql(memberships.id, productFiles.id, deps.now),
    })
    .from(memberships)
    .innerJoin(membershipTierFiles, and(eq(membershipTierFiles.tierId, memberships.tierId), eq(membershipTierFiles.storeId, memberships.storeId)))
    .innerJoin(productFiles, and(eq(productFiles.id, membershipTierFiles.fileId), eq(productFiles.productId, memberships.productId)))
    .innerJoin(products, eq(products.id, memberships.productId))
    .where(and(eq(memberships.storeId, key.storeId), eq(memberships.customerId, key.customerId)))
    .orderBy(desc(memberships.createdAt), desc(memberships.id), asc(membershipTierFiles.position));
  const expiresAt = new Date(deps.now.getTime() + COMMERCE_LIMITS.downloadLinkTtlMs);
  const found = new Map<string, MyMembershipFiles>();
  for (const row of rows) {
    let entry = found.get(row.membership.id);
    if (!entry) {
      entry = { membershipId: row.membership.id, access: await memberFileAccess(db, row.membership, deps.now), files: [] };
      found.set(row.membership.id, entry);
    }
    const left = downloadsLeft(row.downloadLimit, row.file.sizeBytes, Number(row.usedBytes));
    const url = entry.access === 'open' && left !== 0 ? memberFileDownloadUrl(deps.env, row.membership.id, row.file.id, expiresAt) : null;
    entry.files.push({ ...row.file, downloadsLeft: left, url });
  }
  return [...found.values()];
}
