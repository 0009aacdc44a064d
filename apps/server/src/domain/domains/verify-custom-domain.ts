import { Resolver } from 'node:dns/promises';
import { AppError, type CustomDomain, type FeatureFlags } from '@shopfront/core';
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { customDomains, stores } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { getOwnedStore } from '../stores/get-owned-store.ts';
import { DOMAIN_TAKEN_MESSAGE } from '../stores/create-dev-store.ts';
import {
  assertCustomDomainsEnabled,
  canonicalCustomDomain,
  ONE_DOMAIN_MESSAGE,
  toCustomDomain,
  txtRecordName,
  txtRecordValue,
  verificationTokenFor,
} from './custom-domain-rules.ts';

export const TXT_MISSING_MESSAGE =
  'We could not find the TXT record yet. DNS changes can take a while; try again in a few minutes.';
export const TXT_MISMATCH_MESSAGE =
  'We found a TXT record for this domain, but not the value shown. Check that it matches exactly, then try again.';

/**
 * `dns.promises.resolveTxt`'s shape: each record is a list of character strings. `servers` is
 * DNS_SERVERS (`ip[:port]`); empty means the system's name servers.
 */
export type ResolveTxt = (hostname: string, servers?: readonly string[]) => Promise<string[][]>;

/**
 * Node's resolver with a short timeout, so a dead name server cannot hold a request for long;
 * one resolver per list of servers (the env's list is the same on every call).
 */
export function systemResolveTxt(): ResolveTxt {
  const resolvers = new Map<string, Resolver>();
  return (hostname, servers = []) => {
    const key = servers.join(',');
    let resolver = resolvers.get(key);
    if (!resolver) {
      resolver = new Resolver({ timeout: 3_000, tries: 2 });
      if (servers.length > 0) resolver.setServers(servers);
      resolvers.set(key, resolver);
    }
    return resolver.resolveTxt(hostname);
  };
}

export interface VerifyCustomDomainOptions {
  db: Database;
  env: Pick<Env, 'productHosts' | 'publicUrl' | 'bioDomain' | 'dnsServers'>;
  resolveTxt: ResolveTxt;
  userId: string;
  storeId: string;
  domain: string;
  /** The platform's flags (the app's flag cache). */
  featureFlags: FeatureFlags;
  now: Date;
}

/**
 * SECURITY "Custom domains go live only after DNS TXT verification". DNS alone decides: whoever
 * shows this store's TXT value gets the domain, even if another store had a pending claim on it
 * (so a pending claim cannot be used to block the real owner). A domain verified by another store
 * stays theirs until they remove it. The record is checked before anything about other stores is
 * said, so a domain that is not ours answers like one that was never added.
 */
export async function verifyCustomDomain(options: VerifyCustomDomainOptions): Promise<CustomDomain> {
  const { db, now } = options;
  assertCustomDomainsEnabled(options.featureFlags);
  const domain = canonicalCustomDomain(options.domain, options.env);
  const store = await getOwnedStore(db, { storeId: options.storeId, userId: options.userId });
  const [ours] = await db
    .select()
    .from(customDomains)
    .where(and(eq(customDomains.domain, domain), eq(customDomains.storeId, store.id)));
  if (ours?.verifiedAt) return toCustomDomain(ours);

  const token = verificationTokenFor(store.id, domain);
  const records = await lookupTxt(options.resolveTxt, txtRecordName(domain), options.env.dnsServers);
  if (!records.some((chunks) => chunks.join('').trim() === txtRecordValue(token))) {
    throw new AppError('failed-precondition', records.length > 0 ? TXT_MISMATCH_MESSAGE : TXT_MISSING_MESSAGE);
  }

  return db.transaction(async (tx) => {
    await getOwnedStore(tx, { storeId: store.id, userId: options.userId, lock: true });
    const others = await tx
      .select({ domain: customDomains.domain })
      .from(customDomains)
      .where(and(eq(customDomains.storeId, store.id), ne(customDomains.domain, domain)));
    if (others.length > 0) throw new AppError('failed-precondition', ONE_DOMAIN_MESSAGE);
    const values = { domain, storeId: store.id, verificationToken: token, verifiedAt: now, createdAt: ours?.createdAt ?? now };
    const [claimed] = await tx
      .insert(customDomains)
      .values(values)
      .onConflictDoUpdate({
        target: customDomains.domain,
        set: values,
        setWhere: or(isNull(customDomains.verifiedAt), eq(customDomains.storeId, store.id)),
      })
      .returning();
    if (!claimed) throw new AppError('already-exists', DOMAIN_TAKEN_MESSAGE);
    await tx.update(stores).set({ customDomain: domain, updatedAt: now }).where(eq(stores.id, store.id));
    await notifyStorefrontChanged(tx, store.id);
    return toCustomDomain(claimed);
  });
}

/** No record (NXDOMAIN, NODATA) and an unreachable name server both mean "not yet". */
async function lookupTxt(resolveTxt: ResolveTxt, name: string, servers: readonly string[]): Promise<string[][]> {
  try {
    return await resolveTxt(name, servers);
  } catch {
    return [];
  }
}
