import { AffiliateCodeSchema, AffiliateFingerprintSchema } from '@shopfront/core';
import type { Executor } from '#src/db/executor.ts';
import { findAffiliateByCode } from './find-affiliate-by-code.ts';
import { findReferringVisit, windowStart } from './find-referring-visit.ts';
import { readAffiliateProgram } from './read-program.ts';

/** The referral a checkout keeps, for fulfilment to check again and the order to keep. */
export interface CheckoutReferral {
  affiliateId: string;
  referralCode: string;
  referredAt: Date;
  referralFingerprint: string | null;
}

/**
 * Attribution (docs/affiliates.md): the candidates are the code the buyer's session carries (its
 * time is now) and the fingerprint's latest counted visit within the program's window; the latest
 * valid one wins. Valid: the store's program is on and the affiliate is an active affiliate of this
 * store. Malformed, unknown or foreign codes and fingerprints are simply no candidate.
 */
export async function resolveCheckoutReferral(
  db: Executor,
  options: { storeId: string; referralCode?: string | undefined; fingerprint?: string | undefined; now: Date },
): Promise<CheckoutReferral | null> {
  const code = AffiliateCodeSchema.safeParse(options.referralCode);
  const fingerprint = AffiliateFingerprintSchema.safeParse(options.fingerprint);
  if (!code.success && !fingerprint.success) return null;
  const program = await readAffiliateProgram(db, options.storeId);
  if (!program.enabled) return null;
  const keptFingerprint = fingerprint.success ? fingerprint.data : null;

  if (code.success) {
    const affiliate = await findAffiliateByCode(db, code.data);
    if (affiliate?.storeId === options.storeId && affiliate.status === 'active') {
      return { affiliateId: affiliate.id, referralCode: affiliate.code, referredAt: options.now, referralFingerprint: keptFingerprint };
    }
  }
  if (!keptFingerprint) return null;
  const visit = await findReferringVisit(db, {
    storeId: options.storeId,
    fingerprint: keptFingerprint,
    since: windowStart(options.now, program.windowDays),
    now: options.now,
  });
  return visit ? { affiliateId: visit.affiliateId, referralCode: visit.code, referredAt: visit.at, referralFingerprint: keptFingerprint } : null;
}
