import { checkCardForm, TEST_CARD_DECLINES, testCardOutcome, CARD_MESSAGES, type CardField, type CardFieldErrors, type CardFormInput } from '@shopfront/core';

/** The buyer's answer on the test provider's authentication step. */
export type TestAuthentication = 'complete' | 'fail';

export type TestCardDecision =
  | { kind: 'pay' }
  | { kind: 'invalid'; errors: CardFieldErrors }
  | { kind: 'declined'; message: string; field?: CardField }
  | { kind: 'authenticate' };

/**
 * What the built-in test provider does with a card form, like Stripe in test mode: the form must
 * be a valid card (core's card rules); then only Stripe's known test numbers are accepted, each
 * with its own outcome, and any other valid-looking number is declined. The authentication card
 * asks for the authentication step first and pays only once it is completed.
 */
export function classifyTestCard(input: CardFormInput, now: Date, authentication?: TestAuthentication): TestCardDecision {
  const form = checkCardForm(input, now);
  if (!form.ok) return { kind: 'invalid', errors: form.errors };
  const outcome = testCardOutcome(form.digits);
  switch (outcome) {
    case 'success':
      return { kind: 'pay' };
    case 'authentication-required':
    case 'authentication-always':
      if (authentication === 'complete') return { kind: 'pay' };
      if (authentication === 'fail') return { kind: 'declined', message: CARD_MESSAGES.authenticationFailed };
      return { kind: 'authenticate' };
    case 'incorrect-cvc':
      return { kind: 'declined', message: TEST_CARD_DECLINES[outcome], field: 'cvc' };
    default:
      return { kind: 'declined', message: TEST_CARD_DECLINES[outcome] };
  }
}
