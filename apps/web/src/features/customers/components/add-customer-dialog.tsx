import { zodResolver } from '@hookform/resolvers/zod';
import { COMMERCE_LIMITS, COMMERCE_MESSAGES, CustomerNameSchema, CustomerTagSchema, EmailSchema } from '@shopfront/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useCreateCustomer } from '../api/customers-api.ts';
import { ConsentSwitch } from './consent-switch.tsx';
import { NotesField } from './notes-field.tsx';
import { TagInput } from './tag-input.tsx';

/** createStoreCustomer's input with the contract's messages. */
const NewCustomerSchema = z.object({
  name: CustomerNameSchema,
  email: EmailSchema,
  notes: z.string().max(COMMERCE_LIMITS.notesMax, { error: COMMERCE_MESSAGES.notesTooLong }),
  tags: z.array(CustomerTagSchema).max(COMMERCE_LIMITS.tagsMax, { error: COMMERCE_MESSAGES.tooManyTags }),
  marketingConsent: z.boolean(),
});
type NewCustomerForm = z.input<typeof NewCustomerSchema>;

const EMPTY: NewCustomerForm = { name: '', email: '', notes: '', tags: [], marketingConsent: false };

/** "Add customer": name and email, optional notes, tags and consent. */
export function AddCustomerDialog({ storeId, open, onClose }: { storeId: string; open: boolean; onClose: () => void }) {
  const create = useCreateCustomer(storeId);
  const { register, control, handleSubmit, reset, formState } = useForm<NewCustomerForm, unknown, z.output<typeof NewCustomerSchema>>({
    resolver: zodResolver(NewCustomerSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = formState;

  const close = () => {
    reset(EMPTY);
    create.reset();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} title="Add customer" description="Add someone who bought from you elsewhere, or a contact to keep track of." dismissible={!isSubmitting}>
      <form
        noValidate
        className="space-y-5"
        onSubmit={handleSubmit(async (values) => {
          try {
            const customer = await create.mutateAsync(values);
            toast.success(`${customer.name} was added`);
            close();
          } catch {
            // The Alert below shows the server's message.
          }
        })}
      >
        {create.isError ? <Alert>{errorMessage(create.error)}</Alert> : null}
        <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
        <TextField label="Email" type="email" inputMode="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
        <NotesField label="Notes (optional)" error={errors.notes?.message} {...register('notes')} />
        <Controller
          control={control}
          name="tags"
          render={({ field, fieldState }) => <TagInput tags={field.value} onChange={field.onChange} disabled={isSubmitting} error={fieldState.error?.message} />}
        />
        <Controller control={control} name="marketingConsent" render={({ field }) => <ConsentSwitch checked={field.value} onChange={field.onChange} disabled={isSubmitting} />} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? 'Adding…' : 'Add customer'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
