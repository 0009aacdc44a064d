import { zodResolver } from '@hookform/resolvers/zod';
import { EMAIL_LIMITS, type StoreEmailSettings } from '@shopfront/core';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { cn } from '#src/components/ui/cn.ts';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useUpdateEmailSettings } from '../api/email-settings-api.ts';
import { EmailSettingsFormSchema, formOf, type EmailSettingsFields, type EmailSettingsForm as FormValues } from '../email-settings-form.ts';
import { TrackingSwitch } from './tracking-switch.tsx';

export const POSTAL_ADDRESS_HINT =
  'Required before you can send a campaign: the law (CAN-SPAM in the US, CASL in Canada) requires your physical mailing address in every marketing email. It appears in the footer of each email.';
export const POSTAL_ADDRESS_MISSING = 'No postal address yet: campaigns cannot be sent until you add one.';

/** Sender name, reply-to, postal address and tracking, saved together. */
export function EmailSettingsForm({ storeId, settings }: { storeId: string; settings: StoreEmailSettings }) {
  const id = useId();
  const save = useUpdateEmailSettings(storeId);
  const { register, control, handleSubmit, reset, formState } = useForm<FormValues, unknown, EmailSettingsFields>({
    resolver: zodResolver(EmailSettingsFormSchema),
    defaultValues: formOf(settings),
  });
  const { errors, isSubmitting, isDirty } = formState;
  const postalAddress = useWatch({ control, name: 'postalAddress' });
  const addressError = errors.postalAddress?.message;

  return (
    <form
      noValidate
      className="mt-4 space-y-5"
      onSubmit={handleSubmit(async (fields) => {
        try {
          const saved = await save.mutateAsync(fields);
          reset(formOf(saved));
          toast.success('Email settings saved');
        } catch {
          // The Alert below shows the server's message.
        }
      })}
    >
      {save.isError ? <Alert>{errorMessage(save.error)}</Alert> : null}
      <TextField
        label="Sender name"
        autoComplete="off"
        maxLength={EMAIL_LIMITS.senderNameMax}
        hint="The name people see in their inbox. Empty: your store’s name."
        error={errors.senderName?.message}
        {...register('senderName')}
      />
      <TextField
        label="Reply-to email"
        type="email"
        inputMode="email"
        autoComplete="email"
        hint="Where replies to your campaigns go."
        error={errors.replyTo?.message}
        {...register('replyTo')}
      />
      <div className="space-y-1.5">
        <label htmlFor={`${id}-address`} className="block text-sm font-medium text-slate-800">
          Postal address
        </label>
        <textarea
          id={`${id}-address`}
          rows={3}
          aria-invalid={addressError ? true : undefined}
          aria-describedby={`${id}-address-hint${addressError ? ` ${id}-address-error` : ''}`}
          className={cn(
            'block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-2 sm:text-sm',
            addressError ? 'border-red-500 focus:outline-red-500' : 'border-slate-300 focus:outline-brand-600',
          )}
          placeholder={'Cozy Mugs\n12 Clay Street\nPortland, OR 97201, USA'}
          {...register('postalAddress')}
        />
        <p id={`${id}-address-hint`} className="text-sm text-slate-500">
          {POSTAL_ADDRESS_HINT}
        </p>
        {addressError ? (
          <p id={`${id}-address-error`} className="text-sm font-medium text-red-600">
            {addressError}
          </p>
        ) : !postalAddress.trim() ? (
          <p className="text-sm font-medium text-amber-700">{POSTAL_ADDRESS_MISSING}</p>
        ) : null}
      </div>
      <Controller control={control} name="trackingEnabled" render={({ field }) => <TrackingSwitch checked={field.value} onChange={field.onChange} disabled={isSubmitting} />} />
      <Button type="submit" disabled={!isDirty || isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Save email settings'}
      </Button>
    </form>
  );
}
