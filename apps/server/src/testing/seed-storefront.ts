import type { LinkBlock, SocialLink, StoreProfile, ThemeColors } from '@shopfront/core';
import { newId } from '../db/ids.ts';
import { bioDomains, customDomains, stores, users } from '../db/schema/index.ts';
import type { Executor } from '../db/executor.ts';

export interface SeedStoreOptions {
  slug: string;
  name?: string;
  description?: string;
  creatorId?: string;
  avatarUrl?: string | null;
  links?: LinkBlock[];
  socialLinks?: SocialLink[];
  theme?: StoreProfile['theme'];
  colors?: ThemeColors;
  /** A verified custom domain. */
  customDomain?: string;
  bioDomain?: string;
}

export const SAMPLE_LINKS: LinkBlock[] = [
  { id: 'l1', title: 'New glaze drop', url: 'https://example.com/drop', description: 'Fresh out of the kiln' },
  { id: 'l2', title: 'Studio newsletter', url: 'https://example.com/news' },
  { id: 'l3', title: 'Secret sale', url: 'https://example.com/secret', hidden: true },
];

export const SAMPLE_SOCIAL: SocialLink[] = [
  { platform: 'instagram', url: 'https://instagram.com/cozymugs' },
  { platform: 'tiktok', url: 'https://tiktok.com/@cozymugs' },
];

/** A published store written straight to the database (with an owner unless one is given). */
export async function seedStorefront(db: Executor, options: SeedStoreOptions): Promise<{ storeId: string; creatorId: string }> {
  const creatorId = options.creatorId ?? newId('usr');
  if (!options.creatorId) {
    await db.insert(users).values({ id: creatorId, email: `${creatorId}@example.com`, emailVerified: true });
  }
  const storeId = newId('store');
  await db.insert(stores).values({
    id: storeId,
    slug: options.slug,
    name: options.name ?? 'Cozy Mugs Co.',
    description: options.description ?? 'Hand-thrown mugs for slow mornings.',
    creatorId,
    avatarUrl: options.avatarUrl ?? null,
    links: options.links ?? SAMPLE_LINKS,
    socialLinks: options.socialLinks ?? SAMPLE_SOCIAL,
    theme: options.theme ?? 'mocha-mood',
    themeOverrides: { colors: options.colors ?? {} },
    customDomain: options.customDomain ?? null,
    publishedAt: new Date(),
  });
  if (options.customDomain) {
    await db.insert(customDomains).values({ domain: options.customDomain, storeId, verifiedAt: new Date() });
  }
  if (options.bioDomain) await db.insert(bioDomains).values({ fullDomain: options.bioDomain, storeId });
  return { storeId, creatorId };
}

/** The JSON inlined in a storefront page. */
export function inlinedData(html: string): unknown {
  const match = /<script type="application\/json" id="storefront-data">([^<]*)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no storefront-data element in the page');
  return JSON.parse(match[1]);
}
