// Exports CONSENT_CONFIRMATION_LIMITS, the caps and lifetime of the consent confirmation email.
/**
 * The email that lets a customer who withdrew marketing consent opt back in (docs/email.md
 * "Withdrawn consent"). Anyone can type any address into a checkout, so the email is capped per
 * store and address, and per address across stores; its link works for a week.
 */
export const CONSENT_CONFIRMATION_LIMITS = Object.freeze({
  perAddressPerStorePerDay: 1,
  perAddressPerDay: 5,
  linkTtlDays: 7,
});
