import type { PaymentPlanView } from '@shopfront/core';
import { useState, type FormEvent } from 'react';
import { EMPTY_TEST_CARD, TestCardFields, type TestCardField } from '#src/components/forms/test-card-fields.tsx';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useReplacePlanCard, type PlanCardInput } from '#src/features/members/api/payment-plans-api.ts';

/**
 * The test provider's card change for a payment plan (the membership card form's fields): the next
 * instalment or retry uses it; on a locked plan the overdue instalment is charged at once.
 */
export function PlanCardDialog({ storeId, plan, onClose }: { storeId: string; plan: PaymentPlanView | null; onClose: () => void }) {
  const replace = useReplacePlanCard(storeId);
  const [card, setCard] = useState<PlanCardInput>(EMPTY_TEST_CARD);
  const answer = replace.data;
  const errors: Partial<Record<TestCardField, string>> = answer?.kind === 'invalid' ? answer.errors : answer?.kind === 'refused' && answer.field ? { [answer.field]: answer.message } : {};
  const refusal = answer?.kind === 'refused' && !answer.field ? answer.message : answer?.kind === 'authenticate' ? 'Your bank asks to confirm this card. Try another card.' : null;
  const locked = plan?.status === 'locked';
  const close = () => {
    replace.reset();
    setCard(EMPTY_TEST_CARD);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!plan) return;
    replace.mutate(
      { planId: plan.id, card },
      {
        onSuccess: (result) => {
          if (result.kind !== 'replaced') return;
          const unlocked = locked && result.plan.status === 'active';
          if (locked && !unlocked) toast.error('The card was saved, but the overdue payment was declined.');
          else toast.success(unlocked ? 'Payment made. Your access is back.' : 'Card updated. The next payment uses it.');
          close();
        },
      },
    );
  };
  return (
    <Dialog
      open={plan !== null}
      onClose={close}
      title="Update your card"
      description={locked ? 'The overdue payment is charged to this card now.' : 'Your next payment uses this card. Saving it charges nothing.'}
      dismissible={!replace.isPending}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        {replace.isError ? <Alert>{errorMessage(replace.error)}</Alert> : null}
        {refusal ? <Alert>{refusal}</Alert> : null}
        <TestCardFields card={card} errors={errors} onChange={setCard} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={replace.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={replace.isPending} aria-busy={replace.isPending}>
            {replace.isPending ? 'Saving…' : locked ? 'Save and pay' : 'Save card'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
