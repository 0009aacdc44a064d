import { CALL_LOCATION_KINDS, type CallSettings, type Product } from '@shopfront/core';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useCallSettings, useSaveCallSettings } from '#src/features/products/api/call-settings-api.ts';
import { callSettingsResolver, callSettingsToForm, formToCallSettings, LOCATION_LABELS, type CallSettingsFormValues } from '#src/features/products/lib/call-settings-form.ts';
import { EditorCard } from '../editor-card.tsx';
import { IntakeQuestionsField } from './intake-questions-field.tsx';
import { RefundPolicyFields } from './refund-policy-fields.tsx';

const DESCRIPTION = 'How long a call lasts, where it happens and when buyers may book it. Saved on its own; your open hours are under Bookings → Availability.';

/** A call product's settings. Saved by its own button (the product editor's Save keeps the product's fields). */
export function CallSettingsCard({ product }: { product: Product | null }) {
  if (!product) {
    return (
      <EditorCard title="Call" description={DESCRIPTION}>
        <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">Save the call first, then set its length, place and booking rules here.</p>
      </EditorCard>
    );
  }
  return <CallSettingsBody product={product} />;
}

function CallSettingsBody({ product }: { product: Product }) {
  const settings = useCallSettings(product.storeId, product.id);
  return (
    <EditorCard title="Call" description={DESCRIPTION}>
      {settings.isPending ? (
        <Spinner label="Loading the call settings" />
      ) : settings.isError ? (
        <LoadError title="The call settings could not load" error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <CallSettingsForm key={settings.dataUpdatedAt} product={product} settings={settings.data} />
      )}
    </EditorCard>
  );
}

function CallSettingsForm({ product, settings }: { product: Product; settings: CallSettings }) {
  const save = useSaveCallSettings(product.storeId, product.id);
  const form = useForm<CallSettingsFormValues>({ resolver: callSettingsResolver, mode: 'onTouched', defaultValues: callSettingsToForm(settings) });
  const { register, formState, control } = form;
  const [serverError, setServerError] = useState<string | null>(null);
  const kind = useWatch({ control, name: 'locationKind' });
  const packageSize = Number(useWatch({ control, name: 'packageSize' })) || 1;
  const readOnly = product.status === 'archived';
  const error = (field: keyof CallSettingsFormValues) => formState.errors[field]?.message as string | undefined;
  const place = LOCATION_LABELS[kind];

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await save.mutateAsync(formToCallSettings(values));
      toast.success('Call settings saved.');
    } catch (failure) {
      setServerError(errorMessage(failure));
    }
  });
  // The card sits inside the product editor's form: Enter saves the card, not the product.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement && event.target.type !== 'checkbox' && event.target.type !== 'radio') {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <FormProvider {...form}>
      <div className="space-y-6" onKeyDown={onKeyDown} role="group" aria-label="Call settings">
        {serverError ? <Alert title="Call settings not saved">{serverError}</Alert> : null}
        <Group title="Length and place">
          <TextField label="Length (minutes)" inputMode="numeric" className="max-w-48" error={error('duration')} {...register('duration')} />
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Where the call happens</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {CALL_LOCATION_KINDS.map((option) => (
                <label key={option} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl p-3 text-sm ring-1 ring-slate-200 ring-inset has-checked:bg-brand-50 has-checked:ring-brand-500">
                  <input type="radio" value={option} className="size-4 accent-brand-600" {...register('locationKind')} />
                  {LOCATION_LABELS[option].label}
                </label>
              ))}
            </div>
          </fieldset>
          {place.valueLabel ? (
            <TextField key={kind} label={place.valueLabel} placeholder={place.placeholder} error={error('locationValue')} {...register('locationValue')} />
          ) : (
            <p className="text-sm text-slate-600">Send each buyer their link before the call: Shopfront cannot make or store a link per booking yet.</p>
          )}
        </Group>
        <Group title="When buyers can book">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Free time before (minutes)" inputMode="numeric" error={error('bufferBefore')} {...register('bufferBefore')} />
            <TextField label="Free time after (minutes)" inputMode="numeric" error={error('bufferAfter')} {...register('bufferAfter')} />
            <TextField label="Minimum notice (hours)" inputMode="decimal" hint="How long before a call it can still be booked." error={error('minNoticeHours')} {...register('minNoticeHours')} />
            <TextField label="Book up to (days ahead)" inputMode="numeric" error={error('windowDays')} {...register('windowDays')} />
            <TextField label="Calls a day at most" inputMode="numeric" hint="Empty: no limit." error={error('dailyMax')} {...register('dailyMax')} />
          </div>
        </Group>
        <IntakeQuestionsField disabled={readOnly} />
        <Group title="Package">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Calls per purchase" inputMode="numeric" hint="More than 1: buyers book the rest from your members area." error={error('packageSize')} {...register('packageSize')} />
            {packageSize > 1 ? <TextField label="Book them within (days)" inputMode="numeric" error={error('packageValidityDays')} {...register('packageValidityDays')} /> : null}
          </div>
        </Group>
        <Group title="Changes and cancellations">
          <RefundPolicyFields />
        </Group>
        {readOnly ? null : (
          <div className="flex flex-wrap items-center justify-end gap-3">
            {formState.isDirty ? <p className="text-sm text-slate-600">Unsaved call settings</p> : null}
            <Button variant="secondary" onClick={() => void submit()} disabled={save.isPending} aria-busy={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save call settings'}
            </Button>
          </div>
        )}
      </div>
    </FormProvider>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-3 text-sm font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}
