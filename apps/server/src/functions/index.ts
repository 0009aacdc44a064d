import { contracts, type FunctionName } from '@shopfront/core';
import type { Env } from '../env.ts';
import { checkSlug } from './stores/check-slug.ts';
import { getPlatformStatus } from './system/get-platform-status.ts';
import { lookupStore } from './system/lookup-store.ts';
import { testCreateStoreSimple } from './system/test-create-store-simple.ts';
import { testFunction } from './system/test-function.ts';
import type { HandlerRegistry, RegisteredFunction } from './types.ts';

/** Every contract in @shopfront/core with its handler (CONVENTIONS rule 3: contract first). */
export const handlers: HandlerRegistry = {
  testFunction,
  lookupStore,
  getPlatformStatus,
  testCreateStoreSimple,
  checkSlug,
};

export type FunctionTable = ReadonlyMap<string, RegisteredFunction>;

/**
 * The functions this server answers. `devOnly` contracts are left out in production, so they
 * answer 404 like an unknown name (SECURITY: development-only functions).
 */
export function buildFunctionTable(
  env: Pick<Env, 'nodeEnv'>,
  extra: readonly RegisteredFunction[] = [],
): FunctionTable {
  const table = new Map<string, RegisteredFunction>();
  for (const name of Object.keys(contracts) as FunctionName[]) {
    table.set(name, { contract: contracts[name], handler: handlers[name] as RegisteredFunction['handler'] });
  }
  for (const entry of extra) table.set(entry.contract.name, entry);
  if (env.nodeEnv === 'production') {
    for (const [name, entry] of table) if (entry.contract.devOnly) table.delete(name);
  }
  return table;
}
