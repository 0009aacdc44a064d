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
 */
export async function createDownload(owner: StoreOwner, options: { title: string; priceCents: number; file: DownloadFile }): Promise<{ id: string; slug: string }> {
  const product = await owner.call<{ id: string; slug: string }>('createProduct', {
    storeId: owner.storeId,
    type: 'digital',
    title: options.title,
    priceMode: 'fixed',
    priceCents: options.priceCents,
  });
  const upload = await owner.api.put(`/api/stores/${owner.storeId}/products/${product.id}/files`, {
    data: options.file.bytes,
    headers: { 'Content-Type': options.file.mimeType ?? 'application/octet-stream', 'X-File-Name': encodeURIComponent(options.file.name) },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  await owner.call('updateProduct', { storeId: owner.storeId, productId: product.id, status: 'published' });
  return product;
}

/** `"12.50"` → 1250. */
export const cents = (price: string): number => Math.round(Number.parseFloat(price) * 100);
