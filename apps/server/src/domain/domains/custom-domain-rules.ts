// Exports the custom-domain rules (assertCustomDomainsEnabled, canonicalCustomDomain, verificationTokenFor,
// txtRecordName/Value, toCustomDomain and the messages): one module because every domain function applies them.
import { createHash } from 'node:crypto';
import { domainToASCII } from 'node:url';
import { AppError, type CustomDomain, type FeatureFlags } from '@shopfront/core';
import type { Env } from '#src/env.ts';
import { INVALID_DOMAIN_MESSAGE } from '../stores/create-dev-store.ts';
import { normaliseCustomDomain } from '../stores/normalise-domain.ts';

export const DOMAINS_DISABLED_MESSAGE = 'Custom domains are not enabled on this platform.';
export const PLATFORM_DOMAIN_MESSAGE = 'This domain belongs to the platform and cannot be connected to a store.';
export const DOMAIN_NOT_FOUND_MESSAGE = 'Domain not found';
export const ONE_DOMAIN_MESSAGE = 'Remove the current custom domain before adding another.';

const HOST_NAME = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * Spec §3 flag `customDomains` (default off): the check lives here, the switch in admin. The
 * flags come from the caller (the handler reads the app's flag cache).
 */
export function assertCustomDomainsEnabled(featureFlags: FeatureFlags): void {
  if (!featureFlags.customDomains) throw new AppError('failed-precondition', DOMAINS_DISABLED_MESSAGE);
}

/**
 * The stored form (spec §2/§3): lower-case, no scheme, path, port, trailing dot or `www.`,
 * international names in punycode. Product hosts and the bio domain are the platform's own.
 */
export function canonicalCustomDomain(input: string, env: Pick<Env, 'productHosts' | 'publicUrl' | 'bioDomain'>): string {
  const withoutUrl = input.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#]/)[0] ?? '';
  const domain = domainToASCII(normaliseCustomDomain(withoutUrl.normalize('NFKC')));
  if (!domain || !HOST_NAME.test(domain)) throw new AppError('invalid-argument', INVALID_DOMAIN_MESSAGE);
  const platform = [...env.productHosts, new URL(env.publicUrl).hostname, ...(env.bioDomain ? [env.bioDomain] : [])];
  if (platform.some((host) => domain === host || domain.endsWith(`.${host}`))) {
    throw new AppError('invalid-argument', PLATFORM_DOMAIN_MESSAGE);
  }
  return domain;
}

/**
 * The TXT value binds the domain to one store. It is public (anyone can read DNS), so it needs no
 * secret; being derived from (store, domain), it is the same however often the creator re-adds it.
 */
export function verificationTokenFor(storeId: string, domain: string): string {
  return createHash('sha256').update(`shopfront:${storeId}:${domain}`).digest('hex').slice(0, 32);
}

export const txtRecordName = (domain: string) => `_shopfront.${domain}`;
export const txtRecordValue = (token: string) => `shopfront-verify=${token}`;

export function toCustomDomain(row: { domain: string; storeId: string; verifiedAt: Date | null }): CustomDomain {
  return {
    domain: row.domain,
    txtRecordName: txtRecordName(row.domain),
    txtRecordValue: txtRecordValue(verificationTokenFor(row.storeId, row.domain)),
    verified: row.verifiedAt !== null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
  };
}
