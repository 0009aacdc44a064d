import { zodResolver } from '@hookform/resolvers/zod';
import { COMMERCE_LIMITS, COMMERCE_MESSAGES, CustomerTagSchema, type Customer } from '@shopfront/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useUpdateCustomer } from '../api/customers-api.ts';
import { ConsentSwitch } from './consent-switch.tsx';
import { NotesField } from './notes-field.tsx';
import { TagInput } from './tag-input.tsx';

const EditSchema = z.object({
  notes: z.string().max(COMMERCE_LIMITS.notesMax, { error: COMMERCE_MESSAGES.notesTooLong }),
  tags: z.array(CustomerTagSchema).max(COMMERCE_LIMITS.tagsMax, { error: COMMERCE_MESSAGES.tooManyTags }),
  marketingConsent: z.boolean(),
});
type EditForm = z.infer<typeof EditSchema>;

/** Notes, tags and marketing consent, saved together with updateStoreCustomer. */
export function CustomerEditForm({ storeId, customer }: { storeId: string; customer: Customer }) {
  const update = useUpdateCustomer(storeId, customer.id);
  const { register, control, handleSubmit, reset, formState } = useForm<EditForm>({
    resolver: zodResolver(EditSchema),
    defaultValues: { notes: customer.notes, tags: customer.tags, marketingConsent: customer.marketingConsent },
  });
  const { errors, isSubmitting, isDirty } = formState;

  return (
    <form
      noValidate
      className="mt-4 space-y-5"
      onSubmit={handleSubmit(async (values) => {
        try {
          const saved = await update.mutateAsync(values);
          reset({ notes: saved.notes, tags: saved.tags, marketingConsent: saved.marketingConsent });
        } catch {
          // Shown below; the form keeps the unsaved values.
        }
      })}
    >
      <NotesField placeholder="Anything worth remembering about this customer" error={errors.notes?.message} {...register('notes')} />
      <Controller
        control={control}
        name="tags"
        render={({ field, fieldState }) => <TagInput tags={field.value} onChange={field.onChange} disabled={isSubmitting} error={fieldState.error?.message} />}
      />
      <Controller control={control} name="marketingConsent" render={({ field }) => <ConsentSwitch checked={field.value} onChange={field.onChange} disabled={isSubmitting} unsubscribedAt={customer.unsubscribedAt} />} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" disabled={isSubmitting || !isDirty} aria-busy={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save changes'}
        </Button>
        <p aria-live="polite" className="text-sm text-emerald-700">
          {update.isSuccess && !isDirty && !isSubmitting ? 'Saved' : ''}
        </p>
      </div>
      {update.isError && !isSubmitting ? <Alert>{errorMessage(update.error)}</Alert> : null}
    </form>
  );
}
