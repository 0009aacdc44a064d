/**
 * Card form rules for the built-in test payment provider, as a real card form checks them: the
 * number passes Luhn, the expiry is a real month not in the past, the CVC has the card's length
 * (4 for American Express, 3 otherwise) and a cardholder name is given. Pure and zod-free: the
 * server's test checkout page runs them on every post, and they can be unit-tested alone.
 */

export const CARD_FIELDS = ['cardNumber', 'expiry', 'cvc', 'cardName'] as const;
export type CardField = (typeof CARD_FIELDS)[number];

export const CARD_NAME_MAX_LENGTH = 100;

/** What the buyer sees: field errors next to their field, outcomes at the top of the form. */
export const CARD_MESSAGES = Object.freeze({
  numberRequired: 'Please enter a card number.',
  numberInvalid: 'Please enter a valid card number.',
  expiryRequired: 'Please enter the card’s expiry date.',
  expiryFormat: 'Please enter the expiry date as MM/YY.',
  expiryMonth: 'The expiry month must be between 01 and 12.',
  expiryPast: 'Your card’s expiry date is in the past.',
  cvcRequired: 'Please enter the card’s security code (CVC).',
  cvcAmex: 'American Express cards have a 4-digit security code.',
  cvcDigits: 'The security code (CVC) is 3 digits.',
  nameRequired: 'Please enter the name on the card.',
  nameTooLong: `The name on the card must be at most ${CARD_NAME_MAX_LENGTH} characters.`,
  nameInvalid: 'The name on the card contains characters that are not allowed.',
  declined: 'Your card was declined. Please use a different card.',
  insufficientFunds: 'Your card has insufficient funds. Please use a different card.',
  expiredCard: 'Your card has expired. Please use a different card.',
  incorrectCvc: 'Your card’s security code is incorrect.',
  authenticationFailed: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  notATestCard: 'Your card was declined. This is test mode: use a test card such as 4242 4242 4242 4242.',
});

/** Spaces and hyphens between digit groups are fine; the rest must be digits. */
export function cardDigits(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) check every card number carries. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** American Express numbers start 34 or 37. */
export function isAmexNumber(digits: string): boolean {
  return /^3[47]/.test(digits);
}

export type CardNumberCheck = { ok: true; digits: string } | { ok: false; message: string };

/** 12 to 19 digits (spaces and hyphens allowed between them) that pass Luhn. */
export function checkCardNumber(raw: string): CardNumberCheck {
  const digits = cardDigits(raw);
  if (!digits) return { ok: false, message: CARD_MESSAGES.numberRequired };
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return { ok: false, message: CARD_MESSAGES.numberInvalid };
  return { ok: true, digits };
}

export type ExpiryCheck = { ok: true; month: number; year: number } | { ok: false; message: string };

/**
 * `MM/YY` or `MM / YY` (a one-digit month is fine). A card is valid through the last day of its
 * expiry month, so this month is still accepted; months are compared in UTC.
 */
export function checkExpiry(raw: string, now: Date): ExpiryCheck {
  const value = raw.trim();
  if (!value) return { ok: false, message: CARD_MESSAGES.expiryRequired };
  const match = /^(\d{1,2})\s*\/\s*(\d{2})$/.exec(value);
  if (!match) return { ok: false, message: CARD_MESSAGES.expiryFormat };
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return { ok: false, message: CARD_MESSAGES.expiryMonth };
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (year < thisYear || (year === thisYear && month < thisMonth)) return { ok: false, message: CARD_MESSAGES.expiryPast };
  return { ok: true, month, year };
}

/** Exactly 4 digits for American Express, exactly 3 for every other card. */
export function checkCvc(raw: string, digits: string | null): { ok: true } | { ok: false; message: string } {
  const cvc = raw.trim();
  if (!cvc) return { ok: false, message: CARD_MESSAGES.cvcRequired };
  const amex = digits !== null && isAmexNumber(digits);
  if (amex) return /^\d{4}$/.test(cvc) ? { ok: true } : { ok: false, message: CARD_MESSAGES.cvcAmex };
  // An unreadable number cannot say which length it wants: either is fine until the number is fixed.
  if (digits === null) return /^\d{3,4}$/.test(cvc) ? { ok: true } : { ok: false, message: CARD_MESSAGES.cvcDigits };
  return /^\d{3}$/.test(cvc) ? { ok: true } : { ok: false, message: CARD_MESSAGES.cvcDigits };
}

// C0 and C1 control characters, DEL, and the bidi/zero-width format controls that disguise text.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

export type CardNameCheck = { ok: true; name: string } | { ok: false; message: string };

/** Required after trimming, at most CARD_NAME_MAX_LENGTH characters, no control characters. */
export function checkCardName(raw: string): CardNameCheck {
  const name = raw.trim();
  if (!name) return { ok: false, message: CARD_MESSAGES.nameRequired };
  if (CONTROL_CHARS.test(name)) return { ok: false, message: CARD_MESSAGES.nameInvalid };
  if ([...name].length > CARD_NAME_MAX_LENGTH) return { ok: false, message: CARD_MESSAGES.nameTooLong };
  return { ok: true, name };
}

export type CardFormInput = Record<CardField, string>;
export type CardFieldErrors = Partial<Record<CardField, string>>;
export type CardFormCheck = { ok: true; digits: string; name: string } | { ok: false; errors: CardFieldErrors };

/** Every field at once, so the form can show each error next to its field. */
export function checkCardForm(input: CardFormInput, now: Date): CardFormCheck {
  const errors: CardFieldErrors = {};
  const number = checkCardNumber(input.cardNumber);
  if (!number.ok) errors.cardNumber = number.message;
  const expiry = checkExpiry(input.expiry, now);
  if (!expiry.ok) errors.expiry = expiry.message;
  const cvc = checkCvc(input.cvc, number.ok ? number.digits : null);
  if (!cvc.ok) errors.cvc = cvc.message;
  const name = checkCardName(input.cardName);
  if (!name.ok) errors.cardName = name.message;
  if (!number.ok || !name.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, digits: number.digits, name: name.name };
}

/** What a (valid) card does in test mode, like Stripe's test cards. */
export type TestCardOutcome =
  | 'success'
  | 'declined'
  | 'insufficient-funds'
  | 'expired-card'
  | 'incorrect-cvc'
  | 'authentication-required'
  /** Asks for authentication on every payment, so a later off-session charge is declined. */
  | 'authentication-always'
  /** Saved for later charges (a subscription's trial), then every charge is declined. */
  | 'declined-after-attaching'
  | 'not-a-test-card';

/** Stripe's test card numbers the built-in provider knows; every other number is declined. */
export const TEST_CARD_NUMBERS: Readonly<Record<string, Exclude<TestCardOutcome, 'not-a-test-card'>>> = Object.freeze({
  '4242424242424242': 'success',
  '4000056655665556': 'success',
  '5555555555554444': 'success',
  '2223003122003222': 'success',
  '378282246310005': 'success',
  '6011111111111117': 'success',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient-funds',
  '4000000000000069': 'expired-card',
  '4000000000000127': 'incorrect-cvc',
  '4000002500003155': 'authentication-required',
  '4000002760003184': 'authentication-always',
  '4000000000000341': 'declined-after-attaching',
});

/** For the page's hint and the docs: each test card, grouped in fours, and what it does. */
export const TEST_CARD_HINTS: readonly { number: string; result: string }[] = Object.freeze([
  { number: '4242 4242 4242 4242', result: 'pays' },
  { number: '3782 822463 10005', result: 'pays (American Express, 4-digit CVC)' },
  { number: '4000 0025 0000 3155', result: 'asks for authentication first' },
  { number: '4000 0027 6000 3184', result: 'always asks for authentication' },
  { number: '4000 0000 0000 0002', result: 'is declined' },
  { number: '4000 0000 0000 9995', result: 'is declined: insufficient funds' },
  { number: '4000 0000 0000 0069', result: 'is declined: expired card' },
  { number: '4000 0000 0000 0127', result: 'is declined: incorrect CVC' },
]);

export function testCardOutcome(digits: string): TestCardOutcome {
  return TEST_CARD_NUMBERS[digits] ?? 'not-a-test-card';
}

/** The refusal each declining outcome shows (success and authentication have none). */
export const TEST_CARD_DECLINES = Object.freeze({
  declined: CARD_MESSAGES.declined,
  'insufficient-funds': CARD_MESSAGES.insufficientFunds,
  'expired-card': CARD_MESSAGES.expiredCard,
  'incorrect-cvc': CARD_MESSAGES.incorrectCvc,
  'declined-after-attaching': CARD_MESSAGES.declined,
  'not-a-test-card': CARD_MESSAGES.notATestCard,
} satisfies Partial<Record<TestCardOutcome, string>>);
