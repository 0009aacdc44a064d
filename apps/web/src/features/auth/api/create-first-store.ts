import { contracts, type FunctionInput, type FunctionName } from '@shopfront/core';
import { browserTimeZone } from '#src/lib/browser-time-zone.ts';
import { callFunction } from '#src/lib/call-function.ts';

export const CREATE_STORE_FUNCTION = 'createStoreWithTenant';

export type FirstStoreResult = { status: 'created' } | { status: 'store-issue'; reason: 'not-available' | 'failed'; error?: unknown };

/**
 * Store creation is `createStoreWithTenant` (spec §7). Signup calls it when its contract is in the
 * registry, and otherwise takes the spec's "account created but store setup had an issue" path
 * instead of pretending a store exists. The name is checked at run time, so the cast below is the one place that may call a function the registry lacks.
 */
export async function createFirstStore(
  input: { storeName: string; slug: string },
  registry: object = contracts,
  call: (name: FunctionName, data: FunctionInput<FunctionName>) => Promise<unknown> = callFunction,
): Promise<FirstStoreResult> {
  if (!(CREATE_STORE_FUNCTION in registry)) return { status: 'store-issue', reason: 'not-available' };
  try {
    const timeZone = browserTimeZone();
    const data = { storeName: input.storeName, slug: input.slug, description: '', ...(timeZone ? { timeZone } : {}) };
    await call(CREATE_STORE_FUNCTION as FunctionName, data as unknown as FunctionInput<FunctionName>);
    return { status: 'created' };
  } catch (error) {
    return { status: 'store-issue', reason: 'failed', error };
  }
}
