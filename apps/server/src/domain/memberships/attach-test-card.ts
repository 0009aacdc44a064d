import { checkCardForm, testCardOutcome, type CardField, type CardFieldErrors, type CardFormInput } from '@shopfront/core';
import { classifyTestCard, type TestAuthentication } from '#src/domain/checkout/classify-test-card.ts';

export type TestCardOnFile = 'pays' | 'declines';

export type TestCardAttachment =
  | { kind: 'attached'; card: TestCardOnFile }
  | { kind: 'invalid'; errors: CardFieldErrors }
  | { kind: 'refused'; message: string; field?: CardField }
  | { kind: 'authenticate' };

/**
 * Saving a card for a test membership's charges, like Stripe's test cards on a subscription: the
 * checkout's test cards keep their outcomes, and 4000 0000 0000 0341 is saved but declines every
 * later charge (what drives failed renewals in tests and by hand).
 */
export function attachTestCard(input: CardFormInput, now: Date, authentication?: TestAuthentication): TestCardAttachment {
  const decision = classifyTestCard(input, now, authentication);
  switch (decision.kind) {
    case 'pay':
      return { kind: 'attached', card: 'pays' };
    case 'invalid':
    case 'authenticate':
      return decision;
    case 'declined': {
      const form = checkCardForm(input, now);
      if (form.ok && testCardOutcome(form.digits) === 'declined-after-attaching') return { kind: 'attached', card: 'declines' };
      return decision.field ? { kind: 'refused', message: decision.message, field: decision.field } : { kind: 'refused', message: decision.message };
    }
  }
}
