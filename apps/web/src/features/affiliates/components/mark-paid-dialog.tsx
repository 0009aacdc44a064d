import { zodResolver } from '@hookform/resolvers/zod';
import { formatMoney, type AffiliateSummary } from '@shopfront/core';
import { useForm } from 'react-hook-form';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { usePayAffiliate } from '../api/affiliates-api.ts';
import { payoutFormSchema } from '../lib/form-schemas.ts';

const nameOf = (affiliate: AffiliateSummary) => affiliate.name || affiliate.email;
export const markPaidTitle = (affiliate: AffiliateSummary) => `Mark ${formatMoney(affiliate.payableCents, affiliate.currency)} as paid to ${nameOf(affiliate)}?`;

/** "Mark $X as paid to NAME?", with an optional note: records a manual payout of everything payable. */
export function MarkPaidDialog({ storeId, affiliate, onClose }: { storeId: string; affiliate: AffiliateSummary | null; onClose: () => void }) {
  const pay = usePayAffiliate(storeId);
  const close = () => {
    pay.reset();
    onClose();
  };
  return (
    <Dialog
      open={affiliate !== null}
      onClose={close}
      title={affiliate ? markPaidTitle(affiliate) : ''}
      description="Send the money yourself first (bank transfer, PayPal, or however you agreed). This records the payout and settles every payable commission."
      dismissible={!pay.isPending}
    >
      {affiliate ? <PayoutForm key={affiliate.id} affiliate={affiliate} pay={pay} onDone={close} /> : null}
    </Dialog>
  );
}

function PayoutForm({ affiliate, pay, onDone }: { affiliate: AffiliateSummary; pay: ReturnType<typeof usePayAffiliate>; onDone: () => void }) {
  const { register, handleSubmit, formState } = useForm<{ note: string }, unknown, { note: string | undefined }>({
    resolver: zodResolver(payoutFormSchema),
    defaultValues: { note: '' },
  });
  const amount = formatMoney(affiliate.payableCents, affiliate.currency);
  const submit = handleSubmit(async ({ note }) => {
    try {
      await pay.mutateAsync({ affiliateId: affiliate.id, note });
      toast.success(`Marked ${amount} as paid to ${nameOf(affiliate)}.`);
      onDone();
    } catch {
      // The Alert below shows the server's message.
    }
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label="Note (optional)"
        autoComplete="off"
        hint="For your records, such as the transfer reference."
        error={formState.errors.note?.message}
        {...register('note')}
      />
      {pay.isError ? <Alert>{errorMessage(pay.error)}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={pay.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pay.isPending} aria-busy={pay.isPending}>
          {pay.isPending ? 'Recording…' : `Mark ${amount} paid`}
        </Button>
      </div>
    </form>
  );
}
