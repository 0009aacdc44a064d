import { AppError, type CustomDomain, type FeatureFlags } from '@shopfront/core';
import { eq, isNull } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { customDomains } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { DOMAIN_TAKEN_MESSAGE } from '../stores/create-dev-store.ts';
import { getOwnedStore } from '../stores/get-owned-store.ts';
import {
  assertCustomDomainsEnabled,
  canonicalCustomDomain,
  ONE_DOMAIN_MESSAGE,
  toCustomDomain,
  verificationTokenFor,
} from './custom-domain-rules.ts';

export interface AddCustomDomainOptions {
  db: Database;
  env: Pick<Env, 'productHosts' | 'publicUrl' | 'bioDomain'>;
  userId: string;
  storeId: string;
  domain: string;
  /** The platform's flags (the app's flag cache). */
  featureFlags: FeatureFlags;
  now: Date;
}

/**
 * Starts connecting a custom domain: it stays off the storefront until verifyCustomDomain finds
 * the TXT record (SECURITY). One store per domain: a domain verified by another store is taken.
 * An unverified claim by another store does not block (nobody can squat a domain they do not
 * control); whoever proves control through DNS first gets it.
 */
export async function addCustomDomain(options: AddCustomDomainOptions): Promise<CustomDomain> {
  const { db, now } = options;
  assertCustomDomainsEnabled(options.featureFlags);
  const domain = canonicalCustomDomain(options.domain, options.env);
  return db.transaction(async (tx) => {
    const store = await getOwnedStore(tx, { storeId: options.storeId, userId: options.userId, lock: true });
    const ours = await tx.select().from(customDomains).where(eq(customDomains.storeId, store.id));
    const same = ours.find((row) => row.domain === domain);
    if (same) return toCustomDomain(same);
    if (ours.length > 0) throw new AppError('failed-precondition', ONE_DOMAIN_MESSAGE);

    const [existing] = await tx.select().from(customDomains).where(eq(customDomains.domain, domain)).for('update');
    if (existing?.verifiedAt) throw new AppError('already-exists', DOMAIN_TAKEN_MESSAGE);
    const values = { domain, storeId: store.id, verificationToken: verificationTokenFor(store.id, domain), verifiedAt: null, createdAt: now };
    const [row] = await tx
      .insert(customDomains)
      .values(values)
      .onConflictDoUpdate({ target: customDomains.domain, set: values, setWhere: isNull(customDomains.verifiedAt) })
      .returning();
    if (!row) throw new AppError('already-exists', DOMAIN_TAKEN_MESSAGE);
    return toCustomDomain(row);
  });
}
