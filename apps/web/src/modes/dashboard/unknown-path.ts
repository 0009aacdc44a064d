import { planAppMode } from '@shopfront/core';

export type UnknownPathOutcome =
  | { kind: 'store-not-found' }
  | { kind: 'website-not-found'; slug: string }
  | { kind: 'redirect'; to: '/dashboard' };

export interface UnknownPathInput {
  host: string;
  pathname: string;
  productHosts: readonly string[];
}

/**
 * Dashboard mode's catch-all (spec §2). The resolver falls back to dashboard when a
 * store path finds no store. So an unknown path that the core planner reads as a store path — a
 * well-formed, non-reserved slug as first segment on the product's hosts, or any path on a
 * custom/bio domain — names a store that does not exist: Store Not Found, or Website Not Found
 * with the slug (or domain) for a website path. Every other unknown path redirects to /dashboard.
 */
export function classifyUnknownPath({ host, pathname, productHosts }: UnknownPathInput): UnknownPathOutcome {
  const plan = planAppMode({ host, path: pathname, productHosts });
  if (!plan.storeKey) return { kind: 'redirect', to: '/dashboard' };
  if (plan.mode !== 'website') return { kind: 'store-not-found' };
  const key = plan.storeKey;
  const slug = key.by === 'slug' ? key.slug : key.by === 'customDomain' ? key.domain : key.fullDomain;
  return { kind: 'website-not-found', slug };
}
