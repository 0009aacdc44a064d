// Exports what the dashboard's tables call their rows (productTitles, linkLabel, DELETED_PRODUCT,
// DELETED_CAMPAIGN): ids in the rollups are named from the store's current rows at query time.
import type { SocialLink, StoreProfile } from '@shopfront/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { products } from '#src/db/schema/index.ts';

export const DELETED_PRODUCT = 'Deleted product';
export const DELETED_CAMPAIGN = 'Deleted campaign';

type SocialPlatform = SocialLink['platform'];

/** The platform names the storefront shows for social links (the web app's SOCIAL_PLATFORM_INFO labels). */
const SOCIAL_LABELS: Record<SocialPlatform, string> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  x: 'X',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  threads: 'Threads',
  pinterest: 'Pinterest',
  spotify: 'Spotify',
  twitch: 'Twitch',
  discord: 'Discord',
  github: 'GitHub',
  website: 'Website',
  email: 'Email',
};

/** Titles of the store's own products among `ids`; another store's id is absent, like a deleted one. */
export async function productTitles(db: Executor, storeId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(and(eq(products.storeId, storeId), inArray(products.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.title]));
}

/**
 * A link id as the published profile names it now: a link block's title and URL, or for
 * `social:<platform>` the platform's name and the profile's URL for it. A link no longer in the
 * profile keeps '' (a social one keeps its platform name, which the id itself says).
 */
export function linkLabel(profile: Pick<StoreProfile, 'links' | 'socialLinks'>, linkId: string): { label: string; url: string } {
  if (linkId.startsWith('social:')) {
    const platform = linkId.slice('social:'.length);
    const label = Object.hasOwn(SOCIAL_LABELS, platform) ? SOCIAL_LABELS[platform as SocialPlatform] : '';
    const social = profile.socialLinks.find((link) => link.platform === platform);
    return { label, url: social?.url ?? '' };
  }
  const block = profile.links.find((link) => link.id === linkId);
  return { label: block?.title ?? '', url: block?.url ?? '' };
}
