import { COMMERCE_MESSAGES, CheckoutFormSchema, EMAIL_MAX_LENGTH, MESSAGES, PERSON_NAME_MAX_LENGTH } from '@shopfront/core';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_FORM_MESSAGES, CHECKOUT_LIMITS, validateCheckout, type CheckoutValues } from './checkout-rules.ts';

const fixed = { priceMode: 'fixed', minPriceCents: 0, currency: 'usd' } as const;
const pwyw = { priceMode: 'pay-what-you-want', minPriceCents: 500, currency: 'usd' } as const;
const values = (overrides: Partial<CheckoutValues> = {}): CheckoutValues => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  amount: '',
  marketingConsent: false,
  ...overrides,
});

/** The first message core's schema gives a field, or undefined. */
function coreError(input: { name: string; email: string }, field: 'name' | 'email'): string | undefined {
  const parsed = CheckoutFormSchema.safeParse(input);
  return parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('validateCheckout agrees with core CheckoutFormSchema', () => {
  it('uses core’s words and limits', () => {
    expect(CHECKOUT_FORM_MESSAGES.nameRequired).toBe(COMMERCE_MESSAGES.nameRequired);
    expect(CHECKOUT_FORM_MESSAGES.nameTooLong).toBe(COMMERCE_MESSAGES.nameTooLong);
    expect(CHECKOUT_FORM_MESSAGES.amountRequired).toBe(COMMERCE_MESSAGES.amountRequired);
    expect(CHECKOUT_FORM_MESSAGES.amountTooLow).toBe(COMMERCE_MESSAGES.amountTooLow);
    expect(CHECKOUT_FORM_MESSAGES.invalidEmail).toBe(MESSAGES.validation.invalidEmail);
    expect(CHECKOUT_LIMITS.nameMax).toBe(PERSON_NAME_MAX_LENGTH);
    expect(CHECKOUT_LIMITS.emailMax).toBe(EMAIL_MAX_LENGTH);
  });

  const names = ['', '   ', 'A', ' Ada ', 'x'.repeat(99), 'x'.repeat(100), 'Zoë 🌸'];
  const emails = ['', 'ada', 'ada@example', 'ada@example.com', ' ADA@Example.COM ', 'a b@example.com', `${'a'.repeat(250)}@x.co`];
  it.each(names.flatMap((name) => emails.map((email) => [name, email] as const)))('name %j, email %j', (name, email) => {
    const result = validateCheckout(values({ name, email }), fixed);
    const errors = 'errors' in result ? result.errors : {};
    expect(errors.name).toBe(coreError({ name, email }, 'name'));
    expect(errors.email).toBe(coreError({ name, email }, 'email'));
    if ('input' in result) expect(result.input).toMatchObject(CheckoutFormSchema.parse({ name, email }));
  });
});

describe('the pay-what-you-want amount', () => {
  it('takes a decimal in the major unit and answers minor units', () => {
    expect(validateCheckout(values({ amount: '12.50' }), pwyw)).toEqual({
      input: { name: 'Ada Lovelace', email: 'ada@example.com', amount: 1250, marketingConsent: false },
    });
    expect(validateCheckout(values({ amount: '5' }), pwyw)).toMatchObject({ input: { amount: 500 } });
  });

  it('refuses an empty amount, a non-amount and anything under the minimum, naming the minimum', () => {
    expect(validateCheckout(values({ amount: '' }), pwyw)).toEqual({ errors: { amount: COMMERCE_MESSAGES.amountRequired } });
    expect(validateCheckout(values({ amount: '4.99' }), pwyw)).toEqual({ errors: { amount: `${COMMERCE_MESSAGES.amountTooLow} ($5)` } });
    expect(validateCheckout(values({ amount: 'ten' }), pwyw)).toEqual({ errors: { amount: CHECKOUT_FORM_MESSAGES.amountInvalid } });
    expect(validateCheckout(values({ amount: '1000000' }), pwyw)).toEqual({ errors: { amount: CHECKOUT_FORM_MESSAGES.amountInvalid } });
  });

  it('lets a buyer pay 0 when there is no minimum, and ignores the amount for fixed prices', () => {
    expect(validateCheckout(values({ amount: '0' }), { ...pwyw, minPriceCents: 0 })).toMatchObject({ input: { amount: 0 } });
    expect(validateCheckout(values({ amount: 'whatever' }), fixed)).toEqual({
      input: { name: 'Ada Lovelace', email: 'ada@example.com', marketingConsent: false },
    });
  });
});
