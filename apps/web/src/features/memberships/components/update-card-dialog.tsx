import type { MyMembership } from '@shopfront/core';
import { useState, type FormEvent } from 'react';
import { EMPTY_TEST_CARD, TestCardFields, type TestCardField } from '#src/components/forms/test-card-fields.tsx';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useReplaceCard, type CardInput } from '../api/my-memberships-api.ts';

/** The test provider's card change: the next charge or retry uses the new card; saving charges nothing. */
export function UpdateCardDialog({ storeId, membership, onClose }: { storeId: string; membership: MyMembership | null; onClose: () => void }) {
  const replace = useReplaceCard(storeId);
  const [card, setCard] = useState<CardInput>(EMPTY_TEST_CARD);
  const answer = replace.data;
  const errors: Partial<Record<TestCardField, string>> = answer?.kind === 'invalid' ? answer.errors : answer?.kind === 'refused' && answer.field ? { [answer.field]: answer.message } : {};
  const refusal = answer?.kind === 'refused' && !answer.field ? answer.message : answer?.kind === 'authenticate' ? 'Your bank asks to confirm this card. Try another card.' : null;
  const close = () => {
    replace.reset();
    setCard(EMPTY_TEST_CARD);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!membership) return;
    replace.mutate(
      { membershipId: membership.id, card },
      {
        onSuccess: (result) => {
          if (result.kind !== 'replaced') return;
          toast.success('Card updated. The next charge uses it.');
          close();
        },
      },
    );
  };
  return (
    <Dialog open={membership !== null} onClose={close} title="Update your card" description="Your next charge uses this card. Saving it charges nothing." dismissible={!replace.isPending}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        {replace.isError ? <Alert>{errorMessage(replace.error)}</Alert> : null}
        {refusal ? <Alert>{refusal}</Alert> : null}
        <TestCardFields card={card} errors={errors} onChange={setCard} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={replace.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={replace.isPending} aria-busy={replace.isPending}>
            {replace.isPending ? 'Saving…' : 'Save card'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
