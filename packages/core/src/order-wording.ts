/**
 * What buyers read about an order. Free items (price 0, lead magnets) are claimed, not bought:
 * they get their own words instead of "purchase", "receipt" and "Purchased". One table, so the
 * receipt email, the order access page, the thank-you page and the members library agree.
 */
export const ORDER_WORDING = Object.freeze({
  paid: Object.freeze({
    emailHeading: 'Thank you for your purchase',
    thankYouHeading: 'Thanks for your purchase!',
    thankYouBody: 'Check your email for your download link — your receipt is on its way.',
    thankYouMembers: 'Create a members account with the same email to keep all your purchases in one place.',
    dateLabel: 'Purchased',
    libraryHeading: 'Your purchases',
    keepTogether: 'Keep all your purchases in one place:',
  }),
  free: Object.freeze({
    emailHeading: 'Here’s your free download',
    thankYouHeading: 'Here’s your free download',
    thankYouBody: 'Check your email: your download link is on its way.',
    thankYouMembers: 'Create a members account with the same email to keep everything you get from this store in one place.',
    dateLabel: 'Claimed',
    libraryHeading: 'Free resources',
    keepTogether: 'Keep everything you get from this store in one place:',
  }),
});

export type OrderWording = (typeof ORDER_WORDING)[keyof typeof ORDER_WORDING];

/** Free when nothing was paid (a lead magnet, a free product, pay-what-you-want at 0). */
export function isFreeOrder(order: { amountCents: number; productType?: string | undefined }): boolean {
  return order.amountCents === 0 || order.productType === 'lead-magnet';
}

/** The wording for one order. */
export function orderWording(order: { amountCents: number; productType?: string | undefined }): OrderWording {
  return isFreeOrder(order) ? ORDER_WORDING.free : ORDER_WORDING.paid;
}
