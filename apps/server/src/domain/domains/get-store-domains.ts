import type { FeatureFlags, StoreDomains } from '@shopfront/core';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { bioDomains, customDomains } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { getOwnedStore } from '../stores/get-owned-store.ts';
import { toCustomDomain } from './custom-domain-rules.ts';

/** Settings → Domains: the platform URL, custom domains with their TXT records, the bio domain. */
export async function getStoreDomains(options: {
  db: Database;
  env: Pick<Env, 'bioDomain' | 'publicUrl'>;
  userId: string;
  storeId: string;
  /** The platform's flags (the app's flag cache). */
  featureFlags: FeatureFlags;
}): Promise<StoreDomains> {
  const { db } = options;
  const store = await getOwnedStore(db, { storeId: options.storeId, userId: options.userId });
  const [custom, [bio]] = await Promise.all([
    db.select().from(customDomains).where(eq(customDomains.storeId, store.id)).orderBy(asc(customDomains.createdAt)),
    db.select({ fullDomain: bioDomains.fullDomain }).from(bioDomains).where(eq(bioDomains.storeId, store.id)).limit(1),
  ]);
  return {
    platformUrl: store.domain ?? `${new URL(options.env.publicUrl).host}/${store.slug}`,
    customDomains: custom.map(toCustomDomain),
    bioDomain: bio?.fullDomain ?? null,
    bioDomainBase: options.env.bioDomain,
    customDomainsEnabled: options.featureFlags.customDomains,
  };
}
