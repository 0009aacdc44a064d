/** Stripe's test card numbers, as the built-in test provider reads them. */
export const TEST_CARDS = Object.freeze({ success: '4242424242424242', declined: '4000000000000002' });

export type TestCardResult = 'success' | 'declined' | 'invalid';

/** Spaces and hyphens between digit groups are fine; anything else is not a test card. */
export function classifyTestCard(number: string): TestCardResult {
  const digits = number.replace(/[\s-]/g, '');
  if (digits === TEST_CARDS.success) return 'success';
  if (digits === TEST_CARDS.declined) return 'declined';
  return 'invalid';
}
