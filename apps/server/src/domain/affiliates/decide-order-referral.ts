import { eq } from 'drizzle-orm';
import type { Transaction } from '#src/db/executor.ts';
import { affiliates, customers, type CheckoutRow } from '#src/db/schema/index.ts';
import { windowStart } from './find-referring-visit.ts';
import { readAffiliateProgram, type ProgramTerms } from './read-program.ts';

export type ReferralOutcome = 'credited' | 'program-off' | 'inactive' | 'expired' | 'self-referral';

/** The referral columns of a new order, and the program when it is credited. */
export interface OrderReferral {
  columns: { affiliateId: string | null; referralCode: string | null; referredAt: Date | null; referralOutcome: ReferralOutcome | null };
  credited: { affiliateId: string; program: ProgramTerms } | null;
}

const NONE: OrderReferral = { columns: { affiliateId: null, referralCode: null, referredAt: null, referralOutcome: null }, credited: null };

/**
 * Fulfilment's second look at the checkout's referral, in the order's transaction: the program is
 * still on, the affiliate still active in this store, the referred visit still within the window,
 * and the buyer is not the affiliate (the same customer, or the affiliate's email). The order keeps
 * the referral and this outcome for audit, credited or not.
 */
export async function decideOrderReferral(
  tx: Transaction,
  options: { checkout: Pick<CheckoutRow, 'storeId' | 'affiliateId' | 'referralCode' | 'referredAt' | 'email'>; buyerCustomerId: string; now: Date },
): Promise<OrderReferral> {
  const { checkout } = options;
  if (!checkout.affiliateId || !checkout.referralCode || !checkout.referredAt) return NONE;
  const columns = { affiliateId: checkout.affiliateId, referralCode: checkout.referralCode, referredAt: checkout.referredAt };
  const program = await readAffiliateProgram(tx, checkout.storeId);
  const [affiliate] = await tx
    .select({ storeId: affiliates.storeId, status: affiliates.status, customerId: affiliates.customerId, email: customers.email })
    .from(affiliates)
    .innerJoin(customers, eq(customers.id, affiliates.customerId))
    .where(eq(affiliates.id, checkout.affiliateId))
    .limit(1);
  const outcome = ((): ReferralOutcome => {
    if (!program.enabled) return 'program-off';
    if (!affiliate || affiliate.storeId !== checkout.storeId || affiliate.status !== 'active') return 'inactive';
    if (affiliate.customerId === options.buyerCustomerId || sameEmail(affiliate.email, checkout.email)) return 'self-referral';
    if (checkout.referredAt!.getTime() < windowStart(options.now, program.windowDays).getTime()) return 'expired';
    return 'credited';
  })();
  return {
    columns: { ...columns, referralOutcome: outcome },
    credited: outcome === 'credited' ? { affiliateId: checkout.affiliateId, program } : null,
  };
}

function sameEmail(a: string, b: string): boolean {
  const canonical = (email: string) => email.trim().normalize('NFKC').toLowerCase();
  return canonical(a) === canonical(b);
}
