import type { MyMembership, MyMembershipTierOption } from '@shopfront/core';
import { asc, desc, inArray } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { membershipInvoices, membershipTiers, products, stores, type MembershipInvoiceRow, type MembershipRow } from '#src/db/schema/index.ts';
import { accessUntil } from '../membership-access.ts';
import { countTierMembers } from '../creator/tier-view.ts';
import { retryAt, tierPrice } from '../membership-rules.ts';
import { findPendingRequests } from '../stripe/stripe-pending-request.ts';

/** The members area's view of memberships, with their tiers and invoices (newest first), as of `now` on each one's clock. */
export async function toMyMemberships(db: Executor, rows: MembershipRow[], clockNow: Date, realNow: Date): Promise<MyMembership[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // Every tier of these products (archived ones too: a member may sit on one), in the creator's order.
  const tiers = await db
    .select()
    .from(membershipTiers)
    .where(inArray(membershipTiers.productId, [...new Set(rows.map((row) => row.productId))]))
    .orderBy(asc(membershipTiers.position), asc(membershipTiers.createdAt), asc(membershipTiers.id));
  const live = tiers.filter((tier) => tier.archivedAt === null);
  const counts = await countTierMembers(db, live.filter((tier) => tier.memberLimit !== null).map((tier) => tier.id));
  const invoices = await db
    .select()
    .from(membershipInvoices)
    .where(inArray(membershipInvoices.membershipId, ids))
    .orderBy(desc(membershipInvoices.createdAt), desc(membershipInvoices.periodStart), desc(membershipInvoices.attempt));
  const tierOf = new Map(tiers.map((tier) => [tier.id, tier]));
  const slugs = await db.select({ id: products.id, slug: products.slug }).from(products).where(inArray(products.id, [...new Set(rows.map((row) => row.productId))]));
  const slugOf = new Map(slugs.map((product) => [product.id, product.slug]));
  const zones = await db.select({ id: stores.id, timeZone: stores.timeZone }).from(stores).where(inArray(stores.id, [...new Set(rows.map((row) => row.storeId))]));
  const zoneOf = new Map(zones.map((store) => [store.id, store.timeZone]));
  const pending = await findPendingRequests(db, rows, realNow);
  const otherTiers = (row: MembershipRow): MyMembershipTierOption[] =>
    live
      .filter((tier) => tier.productId === row.productId && tier.id !== row.tierId)
      .map((tier) => ({ id: tier.id, name: tier.name, priceCents: tierPrice(tier, row.interval), full: tier.memberLimit !== null && (counts.get(tier.id) ?? 0) >= tier.memberLimit }));
  return rows.map((row) => {
    const tier = tierOf.get(row.tierId);
    const owned = { name: tier?.name ?? '', pausable: tier?.pausable ?? false, maxPauseDays: tier?.maxPauseDays ?? null, otherTiers: otherTiers(row) };
    const place = { productSlug: slugOf.get(row.productId) ?? '', timeZone: zoneOf.get(row.storeId) ?? 'UTC' };
    const own = invoices.filter((invoice) => invoice.membershipId === row.id);
    return { ...view(row, owned, own, row.provider === 'test' ? clockNow : realNow), ...place, pendingRequest: pending.get(row.id) ?? null };
  });
}

function view(
  row: MembershipRow,
  tier: { name: string; pausable: boolean; maxPauseDays: number | null; otherTiers: MyMembershipTierOption[] },
  invoices: MembershipInvoiceRow[],
  now: Date,
): Omit<MyMembership, 'pendingRequest' | 'productSlug' | 'timeZone'> {
  const until = accessUntil(row);
  return {
    id: row.id,
    productId: row.productId,
    tier: { id: row.tierId, name: tier.name },
    status: row.status,
    interval: row.interval === 'year' ? 'yearly' : 'monthly',
    priceCents: row.priceCents,
    currency: row.currency,
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    trialEnd: row.trialEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    cancelReason: row.cancelReason,
    pausable: tier.pausable,
    maxPauseDays: tier.maxPauseDays,
    pausedAt: row.pausedAt?.toISOString() ?? null,
    pausedUntil: row.pausedUntil?.toISOString() ?? null,
    otherTiers: tier.otherTiers,
    accessUntil: until && now < until ? until.toISOString() : null,
    nextCharge: nextCharge(row, invoices),
    provider: row.provider,
    invoices: invoices.map((invoice) => ({
      id: invoice.id,
      kind: invoice.kind,
      status: invoice.status,
      amountCents: invoice.amountCents,
      currency: invoice.currency,
      periodStart: invoice.periodStart.toISOString(),
      periodEnd: invoice.periodEnd.toISOString(),
      createdAt: invoice.createdAt.toISOString(),
    })),
  };
}

/** The charge the provider will make next: at the trial or period end, or the next retry while past due. */
function nextCharge(row: MembershipRow, invoices: MembershipInvoiceRow[]): MyMembership['nextCharge'] {
  if (row.cancelAtPeriodEnd || row.status === 'paused' || row.status === 'ended') return null;
  const paidBefore = invoices.some((invoice) => invoice.kind === 'period' && invoice.status === 'paid');
  const amountCents = row.priceCents + (paidBefore ? 0 : row.setupFeeCents);
  if (row.status === 'past_due') {
    const at = retryAt(row.currentPeriodEnd, row.failedAttempts);
    return at ? { at: at.toISOString(), amountCents } : null;
  }
  return { at: (row.status === 'trialing' ? (row.trialEnd ?? row.currentPeriodEnd) : row.currentPeriodEnd).toISOString(), amountCents };
}
