// Exports the email-to-revenue attribution of campaign links (storePageBases, withCampaignUtm,
// CampaignAttribution): one module so the bases and the match read the same way.
import { storeBaseUrl, type StoreAddress } from '@shopfront/core';

/** What a campaign send needs to tag links: its id, and where the store's own pages start. */
export interface CampaignAttribution {
  campaignId: string;
  /** Absolute bases of the store's pages: `{origin}/{slug}` and `https://{customDomain}`. */
  storeBases: readonly string[];
}

/** The store's own page bases: its platform path and, when verified, its custom domain. */
export function storePageBases(store: Pick<StoreAddress, 'slug' | 'customDomain'>, options: { origin: string }): string[] {
  const bases = [storeBaseUrl({ slug: store.slug }, { origin: options.origin })];
  if (store.customDomain) bases.push(`https://${store.customDomain}`);
  return bases;
}

function parse(url: string): URL | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : null;
  } catch {
    return null;
  }
}

/** Whether `url` is at or under `base` (same host; path equal or below, never `/{slug}x`). */
function isUnder(url: URL, base: string): boolean {
  const root = parse(base);
  if (!root || root.host.toLowerCase() !== url.host.toLowerCase()) return false;
  const path = root.pathname.replace(/\/+$/, '');
  return path === '' || url.pathname === path || url.pathname.startsWith(`${path}/`);
}

/**
 * `href` with `utm_source=shopfront&utm_medium=email&utm_campaign=<campaignId>` when it points at
 * one of the store's own pages (the storefront, a product, the members area, website pages), so
 * analytics can credit the visit and its sales to the campaign (docs/analytics.md). Any other
 * link — another site, mailto, the unsubscribe page — is returned unchanged. Existing utm_*
 * parameters of a store link are replaced: the campaign is the source of that click.
 */
export function withCampaignUtm(href: string, attribution: CampaignAttribution): string {
  const url = parse(href);
  if (!url || !attribution.storeBases.some((base) => isUnder(url, base))) return href;
  url.searchParams.set('utm_source', 'shopfront');
  url.searchParams.set('utm_medium', 'email');
  url.searchParams.set('utm_campaign', attribution.campaignId);
  return url.toString();
}
