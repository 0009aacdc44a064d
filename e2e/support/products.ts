import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_PORT } from './hosts.ts';

/** A creator function called with the session of `api` (a signed-in page's `page.request`); fails the test on an error. */
async function call<T>(api: APIRequestContext, name: string, data: unknown): Promise<T> {
  const response = await api.post(`/fn/${name}`, { data: { data }, headers: { Origin: `http://localhost:${E2E_PORT}` } });
  const body = (await response.json()) as { result?: T; error?: unknown };
  expect(body.error, `${name} failed: ${JSON.stringify(body.error)}`).toBeUndefined();
  return body.result as T;
}

/** The signed-in creator's active store. */
export async function activeStoreOf(api: APIRequestContext): Promise<{ id: string; slug: string }> {
  const { stores, activeStoreId } = await call<{ stores: { id: string; slug: string }[]; activeStoreId: string | null }>(api, 'listMyStores', {});
  const store = stores.find((candidate) => candidate.id === activeStoreId);
  if (!store) throw new Error('the creator has no active store');
  return store;
}

/** A published, paid digital download with one file, made through the product functions as the editor does. */
export async function publishDownload(api: APIRequestContext, storeId: string, fields: { title: string; priceCents: number; subtitle?: string }): Promise<{ id: string; slug: string }> {
  const product = await call<{ id: string; slug: string }>(api, 'createProduct', { storeId, type: 'digital', priceMode: 'fixed', subtitle: '', coverImageUrl: null, ...fields });
  const upload = await api.put(`/api/stores/${storeId}/products/${product.id}/files`, {
    data: Buffer.from(`${fields.title} contents`),
    headers: { 'Content-Type': 'application/pdf', 'X-File-Name': encodeURIComponent(`${product.slug}.pdf`), Origin: `http://localhost:${E2E_PORT}` },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  await call(api, 'updateProduct', { storeId, productId: product.id, status: 'published' });
  return product;
}
