import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { TextField } from '#src/components/ui/text-field.tsx';
import type { CallSettingsFormValues } from '#src/features/products/lib/call-settings-form.ts';

/**
 * The change notice and what a buyer's cancellation refunds: everything, nothing, or by the time
 * left (a full refund until some hours before, a percentage after that, none at the end). The
 * creator's own cancellations choose their refund each time (Bookings).
 */
export function RefundPolicyFields() {
  const id = useId();
  const { register, control, formState } = useFormContext<CallSettingsFormValues>();
  const policy = useWatch({ control, name: 'refundOnCancel' });
  const error = (field: keyof CallSettingsFormValues) => formState.errors[field]?.message as string | undefined;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Buyers may change up to (hours before)" inputMode="numeric" error={error('changeNoticeHours')} {...register('changeNoticeHours')} />
        <div className="space-y-1.5">
          <label htmlFor={`${id}-refund`} className="block text-sm font-medium text-slate-800">
            When a buyer cancels in time
          </label>
          <select id={`${id}-refund`} className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base sm:text-sm" {...register('refundOnCancel')}>
            <option value="full">Refund the whole payment</option>
            <option value="tiered">Refund by how early they cancel</option>
            <option value="none">No refund</option>
          </select>
        </div>
      </div>
      {policy === 'tiered' ? (
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label="Full refund up to (hours before)" inputMode="numeric" error={error('refundFullHours')} {...register('refundFullHours')} />
          <TextField label="Then refund (% of the payment)" inputMode="numeric" error={error('refundPartialPercent')} {...register('refundPartialPercent')} />
          <TextField label="No refund within (hours before)" inputMode="numeric" hint="0: the percentage applies until the change notice." error={error('refundNoneHours')} {...register('refundNoneHours')} />
        </div>
      ) : null}
    </div>
  );
}
