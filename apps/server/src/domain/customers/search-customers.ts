import { COMMERCE_LIMITS, type Customer } from '@shopfront/core';
import { and, not, or, sql, type SQL } from 'drizzle-orm';
import { customers, orders } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { keptLaterInstalmentCents } from '#src/domain/payment-plans/later-instalments.ts';

/** `%`, `_` and `\` match themselves (LIKE's default escape character is the backslash). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Name or email LIKE the pattern, case-insensitively: PostgreSQL folds both sides (emails are stored lower-case). */
function nameOrEmailLike(pattern: string): SQL {
  return or(sql`lower(${customers.name}) like lower(${pattern})`, sql`${customers.email} like lower(${pattern})`)!;
}

/** The two reads' conditions: a name or email starting with the query, and one containing it elsewhere. */
export function customerSearchConditions(query: string): { startsWith: SQL; containsOnly: SQL } {
  const escaped = escapeLike(query);
  const startsWith = nameOrEmailLike(`${escaped}%`);
  return { startsWith, containsOnly: and(nameOrEmailLike(`%${escaped}%`), not(startsWith))! };
}

/** An instant as `toISOString` writes it, made by PostgreSQL. */
const isoText = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * searchStoreCustomers: case-insensitive on name and email. Customers whose name or email starts
 * with the query come first, then those that only contain it; newest first within each. One
 * statement (docs/selling.md "Customers"): the prefix matches (a range of the name and email
 * prefix indexes, or the newest-first index when they are many), then, only when they do not fill
 * the page, the other matches (a read of the store's customers), each with its order figures
 * (lateral, by orders_customer_idx), in the wire shape made by PostgreSQL: building the query and
 * mapping 50 rows of every customer column was half of the call's CPU (docs/selling.md "At 100,000 orders").
 */
export async function searchCustomers(
  db: Executor,
  options: { storeId: string; query: string; limit?: number | undefined },
): Promise<{ customers: Customer[] }> {
  const limit = options.limit ?? COMMERCE_LIMITS.pageSizeDefault;
  const escaped = escapeLike(options.query);
  const prefix = `${escaped}%`;
  const contains = `%${escaped}%`;
  const startsWith = sql`(lower(c.name) like lower(${prefix}) or c.email like lower(${prefix}))`;
  const { rows } = await db.execute<{ customers: Customer[] }>(sql`
    with "first" as (
      select c.* from ${customers} c where c.store_id = ${options.storeId} and ${startsWith}
      order by c.created_at desc, c.id desc limit ${limit}
    ), "rest" as (
      select c.* from ${customers} c
      where (select count(*) from "first") < ${limit} and c.store_id = ${options.storeId}
        and (lower(c.name) like lower(${contains}) or c.email like lower(${contains})) and not ${startsWith}
      order by c.created_at desc, c.id desc limit ${limit}
    ), "page" as (
      select *, 0 as "rank" from "first" union all select *, 1 from "rest"
      order by "rank", created_at desc, id desc limit ${limit}
    )
    select coalesce(json_agg(json_build_object(
             'id', p.id, 'storeId', p.store_id, 'email', p.email, 'name', p.name, 'notes', p.notes, 'tags', p.tags,
             'marketingConsent', p.marketing_consent, 'unsubscribedAt', ${isoText('p.marketing_withdrawn_at')},
             'hasAccount', p.password_hash is not null, 'orderCount', s.order_count, 'lifetimeValueCents', s.lifetime_value_cents,
             'lastOrderAt', ${isoText('s.last_order_at')}, 'createdAt', ${isoText('p.created_at')}
           ) order by p."rank", p.created_at desc, p.id desc), '[]'::json) as customers
    from "page" p
    left join lateral (
      select count(*)::int as order_count,
             (coalesce(sum(o.amount_cents - o.refunded_cents) filter (where o.status = 'paid'), 0) + ${keptLaterInstalmentCents(sql`p.id`)})::bigint as lifetime_value_cents,
             max(o.created_at) as last_order_at
      from ${orders} o where o.customer_id = p.id
    ) s on true`);
  return { customers: rows[0]?.customers ?? [] };
}
