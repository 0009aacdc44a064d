import type { SegmentFilter } from '@shopfront/core';
import { sql, type SQL } from 'drizzle-orm';
import { customers, emailSuppressions, orderGrants, orders } from '#src/db/schema/index.ts';

export interface SegmentRecipientsOptions {
  storeId: string;
  filter: SegmentFilter;
  /** The store's IANA time zone: signed-up days are the store's days. */
  timeZone: string;
  /**
   * 'recipients' (default): only customers who may receive marketing now (consent on, not
   * suppressed). 'matching': everyone the filter matches, for the live count beside it.
   */
  audience?: 'recipients' | 'matching';
}

/**
 * The store's customers a segment reaches, as one SQL select of `(customer_id, email, name)`.
 * Sending inserts recipient rows from it (`insert … select … from (<this>) r`); counts wrap it.
 *
 * - Marketing audience: `marketing_consent` true and no `email_suppressions` row of the store.
 * - `boughtProductIds`: a paid (not fully refunded) order of the store granting one of them
 *   (order_grants: the lines and bundles' included products, as fulfilled; docs/selling.md).
 * - `tags`: at least one of the tags, compared case-insensitively like the customer list's tags.
 * - `signedUpFrom` / `signedUpTo`: inclusive days in the store's time zone.
 * - `boughtNothing`: no paid order with an amount (lead-magnet and free orders do not count as buying).
 */
export function segmentRecipientsQuery(options: SegmentRecipientsOptions): SQL {
  const { storeId, filter, timeZone } = options;
  const conditions: SQL[] = [sql`c.store_id = ${storeId}`];
  if ((options.audience ?? 'recipients') === 'recipients') {
    conditions.push(sql`c.marketing_consent = true`);
    conditions.push(sql`not exists (select 1 from ${emailSuppressions} s where s.store_id = c.store_id and s.email = c.email)`);
  }
  const productIds = filter.boughtProductIds ?? [];
  if (productIds.length > 0) {
    conditions.push(
      sql`exists (select 1 from ${orders} o join ${orderGrants} g on g.order_id = o.id where o.customer_id = c.id and o.store_id = c.store_id and o.status = 'paid' and g.product_id in (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )}))`,
    );
  }
  const tags = (filter.tags ?? []).map((tag) => tag.trim().toLowerCase()).filter(Boolean);
  if (tags.length > 0) {
    conditions.push(
      sql`exists (select 1 from jsonb_array_elements_text(c.tags) t(tag) where lower(t.tag) in (${sql.join(
        tags.map((tag) => sql`${tag}`),
        sql`, `,
      )}))`,
    );
  }
  if (filter.signedUpFrom) conditions.push(sql`c.created_at >= (${filter.signedUpFrom}::date)::timestamp at time zone ${timeZone}`);
  if (filter.signedUpTo) conditions.push(sql`c.created_at < (${filter.signedUpTo}::date + 1)::timestamp at time zone ${timeZone}`);
  if (filter.boughtNothing) {
    conditions.push(sql`not exists (select 1 from ${orders} o where o.customer_id = c.id and o.store_id = c.store_id and o.status = 'paid' and o.amount_cents > 0)`);
  }
  return sql`select c.id as customer_id, c.email as email, c.name as name from ${customers} c where ${sql.join(conditions, sql` and `)}`;
}
