import type { PaymentPlanView } from '@shopfront/core';
import { useState } from 'react';
import { EMPTY_TEST_CARD } from '#src/components/forms/test-card-fields.tsx';
import { TestCardForm } from '#src/components/forms/test-card-form.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { toast } from '#src/lib/toast.ts';
import { useReplacePlanCard, type PlanCardInput } from '#src/features/members/api/payment-plans-api.ts';

/**
 * The test provider's card change for a payment plan (the membership card form's fields): the next
 * instalment or retry uses it; on a locked plan the overdue instalment is charged at once.
 */
export function PlanCardDialog({ storeId, plan, onClose }: { storeId: string; plan: PaymentPlanView | null; onClose: () => void }) {
  const replace = useReplacePlanCard(storeId);
  const [card, setCard] = useState<PlanCardInput>(EMPTY_TEST_CARD);
  const locked = plan?.status === 'locked';
  const close = () => {
    replace.reset();
    setCard(EMPTY_TEST_CARD);
    onClose();
  };
  const submit = () => {
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
      <TestCardForm
        card={card}
        onChange={setCard}
        answer={replace.data}
        error={replace.isError ? replace.error : null}
        pending={replace.isPending}
        submitLabel={locked ? 'Save and pay' : 'Save card'}
        onCancel={close}
        onSubmit={submit}
      />
    </Dialog>
  );
}
