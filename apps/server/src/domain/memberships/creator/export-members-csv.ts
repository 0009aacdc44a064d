import { MEMBERSHIP_LIMITS, toMajorUnits, type Member } from '@shopfront/core';
import type { Executor } from '#src/db/executor.ts';
import { csvRecord } from '#src/domain/orders/csv-record.ts';
import { neutraliseCell } from '#src/domain/orders/orders-csv-stream.ts';
import { findMembers, type MemberFilter } from './find-members.ts';
import { getOwnedMembershipProduct } from './owned-membership.ts';

export const MEMBERS_CSV_HEADER = [
  'Email',
  'Name',
  'Tier',
  'Status',
  'Cancels at period end',
  'Billing',
  'Price',
  'Currency',
  'Member since',
  'Lifetime value',
  'Next charge at',
  'Next charge amount',
  'Period end',
  'Paused since',
  'Last charge at',
  'Last charge amount',
  'Ended at',
  'Provider',
  'Subscription id',
] as const;

function cells(member: Member): string[] {
  const money = (cents: number) => toMajorUnits(cents, member.currency);
  return [
    member.customer.email,
    member.customer.name,
    member.tier.name,
    member.status,
    member.cancelAtPeriodEnd ? 'yes' : 'no',
    member.interval,
    money(member.priceCents),
    member.currency,
    member.since,
    money(member.lifetimeValueCents),
    member.nextCharge?.at ?? '',
    member.nextCharge ? money(member.nextCharge.amountCents) : '',
    member.periodEnd,
    member.pausedAt ?? '',
    member.lastCharge?.at ?? '',
    member.lastCharge ? money(member.lastCharge.amountCents) : '',
    member.endedAt ?? '',
    member.provider,
    member.subscriptionId,
  ].map(neutraliseCell);
}

/**
 * exportMembersCsv: the members the filters match, as one CSV answer of at most
 * MEMBERSHIP_LIMITS.exportRowsMax rows (`truncated` when more matched). The subscription ids are
 * in it: they are on the creator's own Stripe account, so a creator who leaves keeps billing them.
 */
export async function exportMembersCsv(
  db: Executor,
  input: Omit<MemberFilter, 'storeId'> & { userId: string; storeId: string },
  options: { maxRows?: number } = {},
) {
  const { store, product } = await getOwnedMembershipProduct(db, input);
  const max = options.maxRows ?? MEMBERSHIP_LIMITS.exportRowsMax;
  const { members, total } = await findMembers(db, { ...input, storeId: store.id, productId: product.id }, { offset: 0, limit: max });
  const csv = csvRecord([...MEMBERS_CSV_HEADER]) + members.map((member) => csvRecord(cells(member))).join('');
  return { filename: `${store.slug}-${product.slug}-members.csv`, csv, rows: members.length, truncated: total > members.length };
}
