import { COMMERCE_LIMITS } from '@shopfront/core';
import type { Env } from '#src/env.ts';
import { fileDownloadUrl } from './download-tokens.ts';

export interface PurchaseFileLink {
  id: string;
  name: string;
  sizeBytes: number;
  /** Absolute, signed, valid for COMMERCE_LIMITS.downloadLinkTtlMs. */
  url: string;
}

/**
 * Fresh short-lived download links for an order's files (the order access page and the members
 * area's getMyPurchases). A refunded order gets none. `files` must be the order's own product files.
 */
export function mintPurchaseFileLinks(
  env: Pick<Env, 'appSecret' | 'dataDir' | 'publicUrl'>,
  order: { id: string; status: 'paid' | 'refunded' },
  files: readonly { id: string; name: string; sizeBytes: number }[],
  now: Date,
): PurchaseFileLink[] {
  if (order.status !== 'paid') return [];
  const expiresAt = new Date(now.getTime() + COMMERCE_LIMITS.downloadLinkTtlMs);
  return files.map((file) => ({ id: file.id, name: file.name, sizeBytes: file.sizeBytes, url: fileDownloadUrl(env, order.id, file.id, expiresAt) }));
}
