import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';

export interface SeededStore {
  storeId: string;
  slug: string;
  name: string;
  customDomain: string | null;
  isBioDomain: boolean;
}

/** A slug no other test in this run uses. */
export function uniqueSlug(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** Seeds a store through the development-only callable `testCreateStoreSimple` (NODE_ENV=test). */
export async function seedStore(
  request: APIRequestContext,
  input: { slug: string; name: string; customDomain?: string; bioDomain?: string },
): Promise<SeededStore> {
  const response = await request.post('/fn/testCreateStoreSimple', { data: { data: input } });
  const body = (await response.json()) as { result?: SeededStore; error?: { status: string; message: string } };
  expect(body.error, `testCreateStoreSimple failed: ${JSON.stringify(body.error)}`).toBeUndefined();
  return body.result as SeededStore;
}

/**
 * Seeds a store on a fixed domain once per server run (the domain can belong to one store only).
 * Specs on two workers may race to seed it: the one refused finds the other's store.
 */
export async function seedStoreOnDomain(
  request: APIRequestContext,
  input: { name: string; customDomain?: string; bioDomain?: string },
): Promise<SeededStore> {
  const key = input.customDomain
    ? { by: 'customDomain', domain: input.customDomain }
    : { by: 'bioDomain', fullDomain: input.bioDomain };
  const lookup = async () => ((await (await request.post('/fn/lookupStore', { data: { data: key } })).json()) as { result?: SeededStore | null }).result;
  const found = await lookup();
  if (found) return found;
  const response = await request.post('/fn/testCreateStoreSimple', { data: { data: { ...input, slug: uniqueSlug('domain') } } });
  const body = (await response.json()) as { result?: SeededStore; error?: { status: string; message: string } };
  if (body.result) return body.result;
  const seededMeanwhile = await lookup();
  expect(seededMeanwhile, `testCreateStoreSimple failed: ${JSON.stringify(body.error)}`).toBeTruthy();
  return seededMeanwhile!;
}
