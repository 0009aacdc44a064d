import type { FormEvent } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { TestCardFields, type TestCard, type TestCardField } from './test-card-fields.tsx';

/** What a card change answers besides success: the fields' messages, a refusal, or a bank's check. */
export type TestCardAnswer =
  | { kind: 'invalid'; errors: Partial<Record<TestCardField, string>> }
  | { kind: 'refused'; message: string; field?: TestCardField | undefined }
  | { kind: 'authenticate' }
  | { kind: 'replaced' };

/**
 * The card change form of a membership or a payment plan on the test provider: the request's
 * error, the refusal not tied to one field, the fields with their messages, Cancel and submit.
 */
export function TestCardForm({
  card,
  onChange,
  answer,
  error,
  pending,
  submitLabel,
  onCancel,
  onSubmit,
}: {
  card: TestCard;
  onChange: (card: TestCard) => void;
  answer: TestCardAnswer | undefined;
  error: unknown;
  pending: boolean;
  submitLabel: string;
  onCancel: () => void;
  onSubmit: () => void;
}) {
  const errors: Partial<Record<TestCardField, string>> = answer?.kind === 'invalid' ? answer.errors : answer?.kind === 'refused' && answer.field ? { [answer.field]: answer.message } : {};
  const refusal = answer?.kind === 'refused' && !answer.field ? answer.message : answer?.kind === 'authenticate' ? 'Your bank asks to confirm this card. Try another card.' : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {error ? <Alert>{errorMessage(error)}</Alert> : null}
      {refusal ? <Alert>{refusal}</Alert> : null}
      <TestCardFields card={card} errors={errors} onChange={onChange} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
