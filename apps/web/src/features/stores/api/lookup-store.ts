import type { FunctionInput, StoreRef } from '@shopfront/core';
import { callFunction } from '#src/lib/call-function.ts';

export type StoreKey = FunctionInput<'lookupStore'>;

/** Spec §2/§7: find a store by slug, custom domain or bio domain; null when there is none. */
export function lookupStore(key: StoreKey): Promise<StoreRef | null> {
  return callFunction('lookupStore', key);
}

export function storeQueryKey(key: StoreKey) {
  return ['stores', 'lookup', key] as const;
}
