import { resolveAppMode, type AppModeResult } from '@shopfront/core';
import type { Executor } from '#src/db/executor.ts';
import { lookupStore } from '#src/domain/stores/lookup-store.ts';

export interface SpaPageStatusInput {
  db: Executor;
  host: string;
  /** The request path, without the query. */
  path: string;
  productHosts: readonly string[];
}

/**
 * The HTTP status of the SPA page the server sends for a path no route claimed. The page is the
 * same either way (the web app shows its own "not found" screen); the status tells crawlers and
 * monitors the truth:
 * - a store mode (storefront, members, website, checkout paths, bio and custom domains) whose
 *   store does not exist answers 404, as the server-rendered storefront does;
 * - `/{slug}/website…` answers 404 while the store has no website (websites do not exist yet:
 *   custom domains show the storefront instead, decision 014);
 * - a store mode whose store is offline answers 503 (the web app shows "This store is offline");
 * - everything else, and a lookup that failed (the web app retries it), answers 200.
 */
export async function spaPageStatus(input: SpaPageStatusInput): Promise<200 | 404 | 503> {
  let offline = false;
  const mode = await resolveAppMode(
    { host: input.host, path: input.path, productHosts: input.productHosts },
    async (lookup) => {
      const store = await lookupStore({ db: input.db, lookup });
      offline = store?.offline ?? false;
      return store;
    },
    () => {},
  );
  if (mode.missingStore) return mode.missingStore.reason === 'not-found' ? 404 : 200;
  if (mode.storeId !== null && offline) return 503;
  if (isPlatformWebsite(mode) && !storeHasWebsite()) return 404;
  return 200;
}

function isPlatformWebsite(mode: AppModeResult): boolean {
  return mode.mode === 'website' && mode.customDomain === null && !mode.isBioDomain;
}

/** No store has website pages until the website builder exists. */
function storeHasWebsite(): boolean {
  return false;
}
