import type { HandlerRegistry } from '../types.ts';
import { getPlatformStatus } from './get-platform-status.ts';
import { lookupStore } from './lookup-store.ts';
import { testCreateStoreSimple } from './test-create-store-simple.ts';
import { testFunction } from './test-function.ts';

/** The system handlers; ../index.ts spreads them into the registry. */
export const systemHandlers = {
  testFunction,
  lookupStore,
  getPlatformStatus,
  testCreateStoreSimple,
} satisfies Partial<HandlerRegistry>;
