import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.ts';
import { checkouts } from './orders.ts';
import { products } from './products.ts';
import { stores } from './stores.ts';

/**
 * The one-click upsell of a paid checkout (decision 045): the offer as the buyer saw it (product,
 * special price, headline), the payment method the first payment saved for off-session use, and the
 * buyer's choice. `upsell_checkout_id` is the second checkout an acceptance made; the first
 * checkout and its order are never written by the upsell.
 */
export const checkoutUpsells = pgTable(
  'checkout_upsells',
  {
    checkoutId: text('checkout_id')
      .primaryKey()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
    headline: text('headline'),
    /** Stripe `pm_…` on the connected account, or the test provider's `testpm_<card outcome>`; null until known. */
    paymentMethod: text('payment_method'),
    /** Stripe's `cus_…` the payment method is attached to (off-session charges need it). */
    providerCustomer: text('provider_customer'),
    status: text('status').$type<'offered' | 'accepted' | 'declined' | 'failed'>().notNull().default('offered'),
    failureMessage: text('failure_message'),
    upsellCheckoutId: text('upsell_checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    /** The first payment's time: the offer may be taken for UPSELL_LIMITS.windowMinutes after it. */
    paidAt: timestamptz('paid_at').notNull(),
    decidedAt: timestamptz('decided_at'),
    /**
     * The offer made instead once the upsell is declined, as the buyer will see it (null: none), and
     * its own choice; `downsell_checkout_id` is the checkout its acceptance made. The same saved
     * method and window as the upsell.
     */
    downsellProductId: text('downsell_product_id').references(() => products.id, { onDelete: 'set null' }),
    downsellPriceCents: integer('downsell_price_cents'),
    downsellHeadline: text('downsell_headline'),
    downsellStatus: text('downsell_status').$type<'offered' | 'accepted' | 'declined' | 'failed'>(),
    downsellFailureMessage: text('downsell_failure_message'),
    downsellCheckoutId: text('downsell_checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    downsellDecidedAt: timestamptz('downsell_decided_at'),
    createdAt: createdAt(),
  },
  (table) => [index('checkout_upsells_store_idx').on(table.storeId)],
);

export type CheckoutUpsellRow = typeof checkoutUpsells.$inferSelect;
