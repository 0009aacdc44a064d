import { ID_PREFIXES } from '@shopfront/core';
import type { Database } from '#src/db/client.ts';
import { newId } from '#src/db/ids.ts';
import { affiliateSignups } from '#src/db/schema/index.ts';
import { describeUserAgent } from '#src/domain/analytics/ingest/describe-client.ts';
import { findAffiliateByCode } from './find-affiliate-by-code.ts';
import { findReferringVisit, windowStart } from './find-referring-visit.ts';
import { readAffiliateProgram } from './read-program.ts';

export interface AffiliateSignupInput {
  storeId: string;
  /** The caller's own members-area customer of the store (the handler checked the session). */
  customerId: string;
  code?: string | undefined;
  fingerprint?: string | undefined;
  userAgent: string;
  timezone?: string | undefined;
  language?: string | undefined;
  now: Date;
}

/**
 * A referred visitor's members signup (docs/affiliates.md "Signups"): the code given, or else the
 * fingerprint's latest counted visit within the window, must name an active affiliate of the store
 * who is not the customer. Once per customer (unique index). Only the browser and OS are kept of
 * the user agent. Answers whether a row was written.
 */
export async function recordAffiliateSignup(db: Database, input: AffiliateSignupInput): Promise<boolean> {
  const program = await readAffiliateProgram(db, input.storeId);
  if (!program.enabled) return false;
  const affiliate = await referringAffiliate(db, input, program.windowDays);
  if (!affiliate || affiliate.customerId === input.customerId) return false;
  const inserted = await db
    .insert(affiliateSignups)
    .values({
      id: newId(ID_PREFIXES.affiliateSignup),
      storeId: input.storeId,
      affiliateId: affiliate.id,
      customerId: input.customerId,
      fingerprint: input.fingerprint ?? null,
      userAgent: clientSummary(input.userAgent),
      timezone: input.timezone?.trim().slice(0, 64) || null,
      language: input.language?.trim().slice(0, 35) || null,
      createdAt: input.now,
    })
    .onConflictDoNothing({ target: affiliateSignups.customerId })
    .returning({ id: affiliateSignups.id });
  return inserted.length > 0;
}

async function referringAffiliate(db: Database, input: AffiliateSignupInput, windowDays: number): Promise<{ id: string; customerId: string } | null> {
  if (input.code) {
    const affiliate = await findAffiliateByCode(db, input.code);
    return affiliate?.storeId === input.storeId && affiliate.status === 'active' ? affiliate : null;
  }
  if (!input.fingerprint) return null;
  const visit = await findReferringVisit(db, { storeId: input.storeId, fingerprint: input.fingerprint, since: windowStart(input.now, windowDays), now: input.now });
  return visit ? { id: visit.affiliateId, customerId: visit.customerId } : null;
}

/** "Chrome on macOS": what the creator may see of the signup's browser, never the raw user agent. */
export function clientSummary(userAgent: string): string | null {
  const client = describeUserAgent(userAgent);
  if (client.bot) return null;
  const parts = [client.browser, client.os].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' on ') : null;
}
