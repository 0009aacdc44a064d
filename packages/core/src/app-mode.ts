import type { StoreRef } from './functions/system.ts';
import { isPlatformHost, normalizeHost } from './host.ts';
import { validateSlug } from './rules/slug.ts';

export const APP_MODES = ['landing', 'storefront', 'website', 'members', 'dashboard'] as const;
export type AppMode = (typeof APP_MODES)[number];

/** Same shape as lookupStore's input. */
export type StoreKey = { by: 'slug'; slug: string } | { by: 'customDomain'; domain: string } | { by: 'bioDomain'; fullDomain: string };

export interface ModeInput {
  host: string;
  path: string;
  productHosts: readonly string[];
}
export interface ModePlan {
  mode: AppMode;
  storeKey: StoreKey | null;
}

export interface AppModeResult {
  mode: AppMode;
  storeId: string | null;
  /** The store's canonical slug. */
  slug: string | null;
  /** The custom or bio domain the visitor is on (www stripped); null on the product's own hosts. */
  customDomain: string | null;
  isBioDomain: boolean;
  /** The URL prefix under which the mode's routes live: `/{slug}`, `/{slug}/members`, `/members`, or ''. */
  basePath: string;
  /** Set when a store mode was planned but no store came back: the web may show Store Not Found. */
  missingStore?: { mode: AppMode; storeKey: StoreKey; reason: 'not-found' | 'lookup-failed' };
}

/** Spec §2: these first path segments belong to the dashboard on the product's hosts. */
export const DASHBOARD_SEGMENTS = ['dashboard', 'login', 'signup', 'password-reset', 'dev-preview', 'debug'] as const;

type HostKind = 'platform' | 'custom' | 'bio';
interface Analysis extends ModePlan {
  hostKind: HostKind;
  domain: string | null;
  basePath: string;
}

/**
 * Spec §2 app mode selection, without the store lookup. Local hosts, IP literals and single-label
 * hosts count as product hosts, so `/website/...` is landing on them too. Paths are matched by
 * whole segments: `/dashboards` is a store slug, `/shop/membership` is not a members path.
 */
export function planAppMode(input: ModeInput): ModePlan {
  const { mode, storeKey } = analyse(input);
  return { mode, storeKey };
}

/**
 * planAppMode plus the store lookup. No store, or a failing lookup (spec §8: logged, no store),
 * gives dashboard. A 3+-label host that is no bio domain is tried as a custom domain
 * (`shop.example.com`, `example.co.uk`) and then gives website.
 */
export async function resolveAppMode(
  input: ModeInput,
  findStore: (key: StoreKey) => Promise<StoreRef | null>,
  onLookupError: (error: unknown, key: StoreKey) => void = (error) => console.error('Store lookup failed', error),
): Promise<AppModeResult> {
  const plan = analyse(input);
  if (!plan.storeKey) return noStore(plan.mode);

  const plannedKey = plan.storeKey;
  let key: StoreKey = plannedKey;
  let { mode, hostKind } = plan;
  try {
    let store = await findStore(key);
    if (!store && hostKind === 'bio' && plan.domain) {
      key = { by: 'customDomain', domain: plan.domain };
      store = await findStore(key);
      if (store) {
        hostKind = 'custom';
        if (mode === 'storefront') mode = 'website';
      }
    }
    if (!store) return missing(plan.mode, plannedKey, 'not-found');
    return {
      mode,
      storeId: store.storeId,
      slug: store.slug,
      customDomain: hostKind === 'platform' ? null : plan.domain,
      isBioDomain: hostKind === 'bio',
      basePath: plan.basePath,
    };
  } catch (error) {
    onLookupError(error, key);
    return missing(plan.mode, plannedKey, 'lookup-failed');
  }
}

function noStore(mode: AppMode): AppModeResult {
  return { mode, storeId: null, slug: null, customDomain: null, isBioDomain: false, basePath: '' };
}

function missing(mode: AppMode, storeKey: StoreKey, reason: 'not-found' | 'lookup-failed'): AppModeResult {
  return { ...noStore('dashboard'), missingStore: { mode, storeKey, reason } };
}

function analyse({ host, path, productHosts }: ModeInput): Analysis {
  const rawSegments = (path.split(/[?#]/)[0] ?? '').split('/').filter(Boolean);
  const segments = rawSegments.map((s) => safeDecode(s).toLowerCase());
  const h = normalizeHost(host);
  return isPlatformHost(h, productHosts) ? platform(segments, rawSegments) : customDomain(h, segments);
}

function platform(segments: string[], rawSegments: string[]): Analysis {
  const at = (mode: AppMode, storeKey: StoreKey | null = null, basePath = ''): Analysis => ({
    mode,
    storeKey,
    basePath,
    hostKind: 'platform',
    domain: null,
  });
  const [first, second] = segments;
  if (first === undefined) return at('landing');
  if ((DASHBOARD_SEGMENTS as readonly string[]).includes(first)) return at('dashboard');
  if (first === 'website') return at('landing');
  const check = validateSlug(first);
  if (!check.valid) return at('dashboard');
  const key: StoreKey = { by: 'slug', slug: check.slug };
  const base = `/${rawSegments[0]}`;
  if (second === 'website') return at('website', key, `${base}/website`);
  if (segments.slice(1).includes('members')) return at('members', key, `${base}/members`);
  return at('storefront', key, base);
}

function customDomain(host: string, segments: string[]): Analysis {
  const members = segments[0] === 'members';
  const basePath = members ? '/members' : '';
  const stripped = host.startsWith('www.') ? host.slice(4) : null;
  if (stripped?.includes('.') || host.split('.').length === 2) {
    const domain = stripped ?? host;
    const storeKey: StoreKey = { by: 'customDomain', domain };
    return { mode: members ? 'members' : 'website', storeKey, hostKind: 'custom', domain, basePath };
  }
  const storeKey: StoreKey = { by: 'bioDomain', fullDomain: host };
  return { mode: members ? 'members' : 'storefront', storeKey, hostKind: 'bio', domain: host, basePath };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
