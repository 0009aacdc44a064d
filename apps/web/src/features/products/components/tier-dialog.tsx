import { MEMBERSHIP_LIMITS, type MembershipTier } from '@shopfront/core';
import { forwardRef, useId, type TextareaHTMLAttributes } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { LabelledSwitch } from '#src/components/ui/labelled-switch.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useSaveTier } from '../api/membership-tiers-api.ts';
import { emptyTierForm, formToTier, tierFormResolver, tierToForm, type TierFields, type TierFormValues } from '../lib/tier-form.ts';
import { NestedForm } from '#src/components/ui/nested-form.tsx';

interface TierDialogProps {
  storeId: string;
  productId: string;
  currency: string;
  /** Open on a new tier (`'new'`), on a tier to edit, or closed (null). */
  editing: MembershipTier | 'new' | null;
  onClose: () => void;
}

/** Add or edit one tier. Price changes apply to new members only; existing members keep theirs. */
export function TierDialog({ editing, onClose, ...props }: TierDialogProps) {
  const save = useSaveTier(props.storeId, props.productId);
  const title = editing === 'new' ? 'Add a tier' : editing ? `Edit “${editing.name}”` : '';
  return (
    <Dialog open={editing !== null} onClose={onClose} title={title} dismissible={!save.isPending}>
      {editing ? <TierForm key={editing === 'new' ? 'new' : editing.id} {...props} tier={editing === 'new' ? null : editing} save={save} onClose={onClose} /> : null}
    </Dialog>
  );
}

function TierForm({ storeId, productId, currency, tier, save, onClose }: Omit<TierDialogProps, 'editing'> & { tier: MembershipTier | null; save: ReturnType<typeof useSaveTier> }) {
  const form = useForm<TierFormValues>({ resolver: tierFormResolver(currency), mode: 'onTouched', defaultValues: tier ? tierToForm(tier) : emptyTierForm() });
  const { register, formState } = form;
  const pausable = useWatch({ control: form.control, name: 'pausable' });
  const error = (field: keyof TierFormValues) => formState.errors[field]?.message;
  const submit = form.handleSubmit(async (values) => {
    const fields: TierFields = formToTier(values, currency);
    try {
      await save.mutateAsync(tier ? { update: { storeId, tierId: tier.id, ...fields } } : { create: { storeId, productId, ...fields } });
      toast.success(tier ? 'Tier saved.' : `“${fields.name}” added.`);
      onClose();
    } catch {
      // The message shows in the dialog (save.error).
    }
  });
  const unit = currency.toUpperCase();
  return (
    <NestedForm
      onSubmit={(event) => {
        void submit(event);
      }}
    >
      <TextField label="Name" placeholder="Supporter" error={error('name')} {...register('name')} />
      <TextArea label="Description" rows={2} error={error('description')} {...register('description')} />
      <TextArea label="Benefits" rows={3} hint="One per line." error={error('benefits')} {...register('benefits')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={`Monthly price (${unit})`} inputMode="decimal" autoComplete="off" placeholder="5" error={error('monthly')} {...register('monthly')} />
        <TextField label={`Yearly price (${unit})`} inputMode="decimal" autoComplete="off" placeholder="50" error={error('yearly')} {...register('yearly')} />
      </div>
      {tier && tier.memberCount > 0 ? <p className="text-sm text-slate-600">A new price is for new members. The {tier.memberCount === 1 ? 'member' : `${tier.memberCount} members`} already here keep the price they joined at.</p> : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="Free trial (days)" inputMode="numeric" autoComplete="off" placeholder="0" error={error('trialDays')} {...register('trialDays')} />
        <TextField label={`Setup fee (${unit})`} inputMode="decimal" autoComplete="off" placeholder="None" error={error('setupFee')} {...register('setupFee')} />
        <TextField label="Member limit" inputMode="numeric" autoComplete="off" placeholder="Unlimited" error={error('memberLimit')} {...register('memberLimit')} />
      </div>
      <LabelledSwitch
        label="Members can pause"
        hint="From the members area: no charges and no access while paused; the paid time left is kept for when they resume."
        checked={pausable}
        onChange={(next) => form.setValue('pausable', next, { shouldDirty: true })}
      />
      {pausable ? (
        <TextField
          label="Longest pause (days)"
          inputMode="numeric"
          autoComplete="off"
          placeholder="No limit"
          hint={`1 to ${MEMBERSHIP_LIMITS.maxPauseDays}: members then pick a resume date within it. Empty: until they resume, or a date up to ${MEMBERSHIP_LIMITS.maxPauseDays} days ahead.`}
          error={error('maxPauseDays')}
          {...register('maxPauseDays')}
        />
      ) : null}
      {save.isError ? <Alert>{errorMessage(save.error)}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? 'Saving…' : tier ? 'Save tier' : 'Add tier'}
        </Button>
      </div>
    </NestedForm>
  );
}

const TextArea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; hint?: string; error?: string | undefined }>(function TextArea(
  { label, hint, error, ...props },
  ref,
) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-brand-600 sm:text-sm"
        {...props}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
});
