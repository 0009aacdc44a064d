import { expect } from '@playwright/test';
import type { StoreOwner } from './creators.ts';

export interface DownloadFile {
  name: string;
  bytes: Buffer;
  mimeType?: string;
}

/**
 * A published digital download with one file, made through the functions and the upload route the
 * product editor uses (the editor itself: purchase-journey, lead-magnet and bundle-and-bump specs).
 * Without `file`, a small PDF named after the product.
 */
export async function createDownload(
  owner: StoreOwner,
  options: { title: string; priceCents: number; subtitle?: string; file?: DownloadFile },
): Promise<{ id: string; slug: string }> {
  const { file, ...fields } = options;
  const product = await owner.call<{ id: string; slug: string }>('createProduct', { storeId: owner.storeId, type: 'digital', priceMode: 'fixed', ...fields });
  const upload = file ?? { name: `${product.slug}.pdf`, bytes: Buffer.from(`${options.title} contents`), mimeType: 'application/pdf' };
  const uploaded = await owner.api.put(`/api/stores/${owner.storeId}/products/${product.id}/files`, {
    data: upload.bytes,
    headers: { 'Content-Type': upload.mimeType ?? 'application/octet-stream', 'X-File-Name': encodeURIComponent(upload.name) },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  await owner.call('updateProduct', { storeId: owner.storeId, productId: product.id, status: 'published' });
  return product;
}

/** `"12.50"` → 1250. */
export const cents = (price: string): number => Math.round(Number.parseFloat(price) * 100);
