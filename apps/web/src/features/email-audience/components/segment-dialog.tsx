import { zodResolver } from '@hookform/resolvers/zod';
import type { EmailSegment, Product } from '@shopfront/core';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useSaveSegment } from '../api/audience-api.ts';
import { EMPTY_SEGMENT_FORM, SegmentFormSchema, countableFilter, filterOf, formOf, type SegmentForm } from '../segment-form.ts';
import { ProductPicker } from './product-picker.tsx';
import { RecipientCount } from './recipient-count.tsx';

interface SegmentDialogProps {
  storeId: string;
  products: Product[];
  productsLoading: boolean;
  /** The segment being edited; null creates a new one. */
  editing: EmailSegment | null;
  open: boolean;
  onClose: () => void;
}

/** The segment builder: name and conditions, with the live recipient count below. */
export function SegmentDialog({ editing, open, onClose, ...rest }: SegmentDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={editing ? `Edit ${editing.name}` : 'New segment'}
      description="Every condition you set narrows who gets the email. Leave them all empty for everyone who agreed to marketing."
    >
      {open ? <SegmentBuilder key={editing?.id ?? 'new'} editing={editing} onClose={onClose} {...rest} /> : null}
    </Dialog>
  );
}

function SegmentBuilder({ storeId, products, productsLoading, editing, onClose }: Omit<SegmentDialogProps, 'open'>) {
  const id = useId();
  const save = useSaveSegment(storeId);
  const { register, control, handleSubmit, formState } = useForm<SegmentForm>({
    resolver: zodResolver(SegmentFormSchema),
    defaultValues: editing ? formOf(editing) : EMPTY_SEGMENT_FORM,
  });
  const { errors, isSubmitting } = formState;
  const values = useWatch({ control }) as SegmentForm;
  const liveFilter = countableFilter({ ...EMPTY_SEGMENT_FORM, ...values });

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={handleSubmit(async (form) => {
        try {
          const saved = await save.mutateAsync({ segmentId: editing?.id, name: form.name.trim(), filter: filterOf(form) });
          toast.success(editing ? `${saved.name} was saved` : `${saved.name} was created`);
          onClose();
        } catch {
          // The Alert below shows the server's message.
        }
      })}
    >
      {save.isError ? <Alert>{errorMessage(save.error)}</Alert> : null}
      <TextField label="Segment name" autoComplete="off" placeholder="e.g. Bought the glaze guide" error={errors.name?.message} {...register('name')} />
      <Controller
        control={control}
        name="productIds"
        render={({ field }) => <ProductPicker products={products} loading={productsLoading} selected={field.value} onChange={field.onChange} disabled={isSubmitting} />}
      />
      <TextField label="Tagged with any of" autoComplete="off" placeholder="e.g. vip, workshop" hint="Separate tags with commas." error={errors.tags?.message} {...register('tags')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Signed up from" type="date" error={errors.signedUpFrom?.message} {...register('signedUpFrom')} />
        <TextField label="Signed up to" type="date" error={errors.signedUpTo?.message} {...register('signedUpTo')} />
      </div>
      <div className="space-y-1">
        <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm text-slate-800">
          <input type="checkbox" className="mt-0.5 size-4 accent-brand-600" aria-describedby={`${id}-nothing`} {...register('boughtNothing')} />
          <span>
            <span className="block font-medium">Bought nothing yet</span>
            <span id={`${id}-nothing`} className="block text-slate-500">
              Free sign-ups (lead magnets) and contacts you added, with no paid order.
            </span>
          </span>
        </label>
        {errors.boughtNothing?.message ? (
          <p role="alert" className="text-sm font-medium text-red-600">
            {errors.boughtNothing.message}
          </p>
        ) : null}
      </div>
      {/* Kept in view while the fields above scroll, so every change shows its count. */}
      <div className="sticky bottom-0 -mx-5 -mb-5 space-y-3 border-t border-slate-200 bg-white px-5 pb-5 pt-3 sm:-mx-6 sm:-mb-6 sm:px-6 sm:pb-6">
        <RecipientCount storeId={storeId} filter={liveFilter} />
        <div className="flex gap-2 sm:justify-end">
          <Button variant="secondary" className="flex-1 sm:flex-none" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" className="flex-1 sm:flex-none" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save segment'}
          </Button>
        </div>
      </div>
    </form>
  );
}
