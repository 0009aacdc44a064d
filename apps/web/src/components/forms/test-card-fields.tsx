import { CARD_FIELDS } from '@shopfront/core';
import { TextField } from '#src/components/ui/text-field.tsx';

export type TestCardField = (typeof CARD_FIELDS)[number];
export type TestCard = Record<TestCardField, string>;
export const EMPTY_TEST_CARD: TestCard = {
  cardNumber: '',
  expiry: '',
  cvc: '',
  cardName: '',
};

const LABELS: Record<TestCardField, { label: string; autoComplete: string; inputMode?: 'numeric' }> = {
  cardNumber: {
    label: 'Card number',
    autoComplete: 'cc-number',
    inputMode: 'numeric',
  },
  expiry: {
    label: 'Expiry (MM/YY)',
    autoComplete: 'cc-exp',
    inputMode: 'numeric',
  },
  cvc: { label: 'CVC', autoComplete: 'cc-csc', inputMode: 'numeric' },
  cardName: { label: 'Name on card', autoComplete: 'cc-name' },
};

/**
 * The test provider's card form fields (a membership's or a payment plan's card change), each with
 * the server's message for it, and the test cards' hint.
 */
export function TestCardFields({ card, errors, onChange }: { card: TestCard; errors: Partial<Record<TestCardField, string>>; onChange: (card: TestCard) => void }) {
  return (
    <>
      {CARD_FIELDS.map((field) => (
        <TextField
          key={field}
          label={LABELS[field].label}
          autoComplete={LABELS[field].autoComplete}
          inputMode={LABELS[field].inputMode}
          value={card[field]}
          maxLength={100}
          error={errors[field]}
          onChange={(event) => onChange({ ...card, [field]: event.target.value })}
        />
      ))}
      <p className="text-xs text-slate-500">Test mode: 4242 4242 4242 4242 pays; 4000 0000 0000 0341 is saved but declines every charge.</p>
    </>
  );
}
