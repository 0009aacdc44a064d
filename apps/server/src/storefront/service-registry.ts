import type { Database } from '../db/client.ts';
import type { StorefrontService } from './storefront-service.ts';

/**
 * The storefront service of each app, found from the database handle the callable functions
 * already get (FunctionContext.db), so `getStorefront` reads the same cache as the HTML route.
 */
const services = new WeakMap<Database, StorefrontService>();

export function registerStorefrontService(db: Database, service: StorefrontService): void {
  services.set(db, service);
}

export function unregisterStorefrontService(db: Database, service: StorefrontService): void {
  if (services.get(db) === service) services.delete(db);
}

export function storefrontServiceFor(db: Database): StorefrontService | undefined {
  return services.get(db);
}
