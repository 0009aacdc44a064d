import type { Member, MemberSort } from '@shopfront/core';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { customers, membershipInvoices, memberships, membershipTiers, type MembershipStatus } from '#src/db/schema/index.ts';
import { toMember, type MemberRow } from './member-view.ts';

export interface MemberFilter {
  storeId: string;
  productId: string;
  tierId?: string | undefined;
  status?: MembershipStatus | undefined;
  search?: string | undefined;
  /** The order (the table's sortable columns); ties go newest first. Default: newest first. */
  sort?: MemberSort | undefined;
  direction?: 'asc' | 'desc' | undefined;
}

/** `%` and `_` typed by the creator are matched as themselves. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function where(filter: MemberFilter): SQL {
  const conditions: SQL[] = [eq(memberships.storeId, filter.storeId), eq(memberships.productId, filter.productId)];
  if (filter.tierId) conditions.push(eq(memberships.tierId, filter.tierId));
  if (filter.status) conditions.push(eq(memberships.status, filter.status));
  if (filter.search) conditions.push(sql`lower(${customers.email}) like ${likePattern(filter.search)}`);
  return and(...conditions)!;
}

/** Paid charges less refunded ones: the table's lifetime value, and one of its sort keys. */
const lifetimeValue = sql<number>`(select coalesce(sum(${membershipInvoices.amountCents}), 0) from ${membershipInvoices} where ${membershipInvoices.membershipId} = ${memberships.id} and ${membershipInvoices.status} = 'paid' and ${membershipInvoices.refundedAt} is null)`;

/** The period end the table shows: the trial's end while trialing (periodEndOf). */
const shownPeriodEnd = sql`case when ${memberships.status} = 'trialing' then coalesce(${memberships.trialEnd}, ${memberships.currentPeriodEnd}) else ${memberships.currentPeriodEnd} end`;

const SORT_KEYS: Record<MemberSort, SQL> = {
  since: sql`${memberships.createdAt}`,
  member: sql`lower(${customers.email})`,
  periodEnd: shownPeriodEnd,
  lifetimeValue,
};

function orderOf(filter: MemberFilter): SQL[] {
  const key = SORT_KEYS[filter.sort ?? 'since'];
  const primary = filter.direction === 'asc' ? asc(key) : desc(key);
  return [primary, desc(memberships.createdAt), desc(memberships.id)];
}

/** The member rows with what their view needs: customer, tier, paid total and whether anything was ever paid. */
export function memberRows(db: Executor) {
  const paid = sql`${membershipInvoices.membershipId} = ${memberships.id} and ${membershipInvoices.status} = 'paid'`;
  return db
    .select({
      membership: memberships,
      customer: { id: customers.id, email: customers.email, name: customers.name },
      tier: { id: membershipTiers.id, name: membershipTiers.name },
      lifetimeValueCents: lifetimeValue.mapWith(Number),
      everPaid: sql<boolean>`exists (select 1 from ${membershipInvoices} where ${paid})`,
      lastCharge: sql<MemberRow['lastCharge']>`(select json_build_object('at', ${membershipInvoices.createdAt}, 'amountCents', ${membershipInvoices.amountCents}, 'refunded', ${membershipInvoices.refundedAt} is not null) from ${membershipInvoices} where ${paid} and ${membershipInvoices.kind} = 'period' order by ${membershipInvoices.createdAt} desc, ${membershipInvoices.attempt} desc limit 1)`,
    })
    .from(memberships)
    .innerJoin(customers, eq(customers.id, memberships.customerId))
    .innerJoin(membershipTiers, eq(membershipTiers.id, memberships.tierId));
}

/**
 * Members of one product of the store, in the filter's order (newest first by default). The store and product are the caller's
 * (checked before).
 */
export async function findMembers(db: Executor, filter: MemberFilter, page: { offset: number; limit: number }): Promise<{ members: Member[]; total: number }> {
  const [counted] = await db
    .select({ n: count() })
    .from(memberships)
    .innerJoin(customers, eq(customers.id, memberships.customerId))
    .where(where(filter));
  const rows = await memberRows(db).where(where(filter)).orderBy(...orderOf(filter)).offset(page.offset).limit(page.limit);
  return { members: rows.map(toMember), total: counted?.n ?? 0 };
}
