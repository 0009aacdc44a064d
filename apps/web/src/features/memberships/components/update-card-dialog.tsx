import type { MyMembership } from '@shopfront/core';
import { useState } from 'react';
import { EMPTY_TEST_CARD } from '#src/components/forms/test-card-fields.tsx';
import { TestCardForm } from '#src/components/forms/test-card-form.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { toast } from '#src/lib/toast.ts';
import { useReplaceCard, type CardInput } from '../api/my-memberships-api.ts';

/** The test provider's card change: the next charge or retry uses the new card; saving charges nothing. */
export function UpdateCardDialog({ storeId, membership, onClose }: { storeId: string; membership: MyMembership | null; onClose: () => void }) {
  const replace = useReplaceCard(storeId);
  const [card, setCard] = useState<CardInput>(EMPTY_TEST_CARD);
  const close = () => {
    replace.reset();
    setCard(EMPTY_TEST_CARD);
    onClose();
  };
  const submit = () => {
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
      <TestCardForm
        card={card}
        onChange={setCard}
        answer={replace.data}
        error={replace.isError ? replace.error : null}
        pending={replace.isPending}
        submitLabel="Save card"
        onCancel={close}
        onSubmit={submit}
      />
    </Dialog>
  );
}
