import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { customers, stores } from '#src/db/schema/index.ts';
import { CONSENT_CONFIRMATION_LIMITS } from './consent-confirmation-limits.ts';
import type { ConsentClaims } from './consent-token.ts';
import { optBackIn } from './opt-back-in.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What a confirmation link can do now: `ask` (still unsubscribed, link good), `subscribed` (done,
 * by this link or another way), `expired` (past its days), `stale` (the customer unsubscribed
 * again after it was sent: only a newer link, or the members area, opts back in).
 */
export type ConsentLinkState = 'ask' | 'subscribed' | 'expired' | 'stale';

export interface ConsentLink {
  state: ConsentLinkState;
  storeName: string;
  storeSlug: string;
  email: string;
}

/**
 * Reads (`confirm: false`, the page) or applies (`confirm: true`, its button) a verified
 * confirmation link. The customer is looked up by id AND the token's store, so a link can never act
 * on another store's customer: null, like a missing one. Applying is idempotent.
 */
export async function confirmMarketingConsent(db: Database, options: { claims: ConsentClaims; confirm: boolean; now: Date }): Promise<ConsentLink | null> {
  const { claims, now } = options;
  return db.transaction(async (tx) => {
    const query = tx
      .select({ id: customers.id, storeId: customers.storeId, email: customers.email, withdrawnAt: customers.marketingWithdrawnAt, storeName: stores.name, storeSlug: stores.slug })
      .from(customers)
      .innerJoin(stores, eq(stores.id, customers.storeId))
      .where(and(eq(customers.id, claims.customerId), eq(customers.storeId, claims.storeId)))
      .limit(1);
    const [row] = options.confirm ? await query.for('update', { of: customers }) : await query;
    if (!row) return null;
    const link = (state: ConsentLinkState): ConsentLink => ({ state, storeName: row.storeName, storeSlug: row.storeSlug, email: row.email });
    if (row.withdrawnAt === null) return link('subscribed');
    if (row.withdrawnAt.getTime() > claims.issuedAt.getTime()) return link('stale');
    if (now.getTime() >= claims.issuedAt.getTime() + CONSENT_CONFIRMATION_LIMITS.linkTtlDays * DAY_MS) return link('expired');
    if (!options.confirm) return link('ask');
    await optBackIn(tx, row, now);
    return link('subscribed');
  });
}
