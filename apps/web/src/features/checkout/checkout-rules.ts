import { formatMoney, parseMoney } from '@shopfront/core/money';

/**
 * The buyer's checkout form rules (core CheckoutFormSchema and createCheckout), written without
 * zod: this form ships in the storefront's own script, which must stay ≤ 80 KB gzip and zod-free
 * (decision 010, apps/web/scripts/check-storefront-bundle.mjs). checkout-rules.test.ts proves they
 * answer exactly what core's schema answers; the server validates again with the schema itself.
 */
export const CHECKOUT_FORM_MESSAGES = {
  nameRequired: 'Please enter your name',
  nameTooLong: 'Name must be less than 100 characters',
  invalidEmail: 'Please enter a valid email address',
  amountRequired: 'Please enter the amount you want to pay',
  amountTooLow: 'The amount is below the minimum price',
  amountInvalid: 'Enter an amount such as 12 or 12.50',
} as const;

/** core PERSON_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, EMAIL_PATTERN, the amount's upper bound. */
export const CHECKOUT_LIMITS = { nameMax: 99, emailMax: 254, amountMax: 99_999_999 } as const;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface CheckoutValues {
  name: string;
  email: string;
  /** Pay what you want only: what the buyer typed, in the major unit. */
  amount: string;
  marketingConsent: boolean;
}

export interface CheckoutPricing {
  priceMode: 'fixed' | 'free' | 'pay-what-you-want';
  minPriceCents: number;
  currency: string;
}

export type CheckoutErrors = Partial<Record<'name' | 'email' | 'amount', string>>;

export interface CheckoutInput {
  name: string;
  email: string;
  amount?: number;
  marketingConsent: boolean;
}

/** The email as the server keeps it (core EmailSchema): trimmed, NFKC, lower case. */
export function canonicalEmail(email: string): string {
  return email.trim().normalize('NFKC').toLowerCase();
}

/** The values checked, as createCheckout takes them, or the message under each wrong field. */
export function validateCheckout(values: CheckoutValues, pricing: CheckoutPricing): { input: CheckoutInput } | { errors: CheckoutErrors } {
  const M = CHECKOUT_FORM_MESSAGES;
  const errors: CheckoutErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = M.nameRequired;
  else if (name.length > CHECKOUT_LIMITS.nameMax) errors.name = M.nameTooLong;
  const email = canonicalEmail(values.email);
  if (email.length > CHECKOUT_LIMITS.emailMax || !EMAIL_PATTERN.test(email)) errors.email = M.invalidEmail;
  let amount: number | undefined;
  if (pricing.priceMode === 'pay-what-you-want') {
    const typed = values.amount.trim();
    const parsed = typed ? parseMoney(typed, pricing.currency) : null;
    if (!typed) errors.amount = M.amountRequired;
    else if (parsed === null || parsed > CHECKOUT_LIMITS.amountMax) errors.amount = M.amountInvalid;
    else if (parsed < pricing.minPriceCents) errors.amount = `${M.amountTooLow} (${formatMoney(pricing.minPriceCents, pricing.currency, { locale: 'en-US', trimWhole: true })})`;
    else amount = parsed;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { input: { name, email, ...(amount === undefined ? {} : { amount }), marketingConsent: values.marketingConsent } };
}
