import { zodResolver } from '@hookform/resolvers/zod';
import { STORE_DESCRIPTION_MAX_LENGTH, STORE_NAME_MAX_LENGTH, StoreDescriptionSchema, StoreNameSchema, storefrontUrl, type Store, type StoreDraft } from '@shopfront/core';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { cn } from '#src/components/ui/cn.ts';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { useActiveStore } from '#src/lib/active-store.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useStoreHost } from '#src/lib/use-store-host.ts';
import { useSaveStoreDetails, useStoreProfile } from '../api/store-settings-api.ts';
import { SettingsCard } from './settings-card.tsx';

/** Core's own limits: the name under 100 characters, the description under 500. */
const DetailsSchema = z.object({ name: StoreNameSchema, description: StoreDescriptionSchema });
type DetailsValues = z.input<typeof DetailsSchema>;

/** Settings › Store details: the store's name, description and URL. */
export function StoreDetailsSection({ storeBuilderPath }: { storeBuilderPath: string }) {
  const { store } = useActiveStore();
  return (
    <SettingsCard id="store-details" title="Store details" description="Your store’s name and what it is about, as visitors see them.">
      {store ? <StoreDetailsBody store={store} storeBuilderPath={storeBuilderPath} /> : <p className="mt-4 text-sm text-slate-600">Create a store first.</p>}
    </SettingsCard>
  );
}

function StoreDetailsBody({ store, storeBuilderPath }: { store: Store; storeBuilderPath: string }) {
  const profile = useStoreProfile(store.id);
  if (profile.isPending) return <div className="py-6"><Spinner label="Loading store details" /></div>;
  if (profile.isError) {
    return (
      <Alert className="mt-4" title="Store details could not load">
        {errorMessage(profile.error)}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void profile.refetch()}>
          Try again
        </button>
      </Alert>
    );
  }
  return <StoreDetailsForm key={`${store.id}-${profile.data.updatedAt ?? 'live'}`} store={store} draft={profile.data} storeBuilderPath={storeBuilderPath} />;
}

function StoreDetailsForm({ store, draft, storeBuilderPath }: { store: Store; draft: StoreDraft; storeBuilderPath: string }) {
  const save = useSaveStoreDetails(store.id);
  const descriptionId = useId();
  const host = useStoreHost();
  const { register, handleSubmit, control, formState, reset } = useForm<DetailsValues>({
    resolver: zodResolver(DetailsSchema),
    mode: 'onTouched',
    defaultValues: { name: draft.profile.name, description: draft.profile.description },
  });
  const description = useWatch({ control, name: 'description' }) ?? '';
  const published = store.publishedAt !== null;
  const descriptionError = formState.errors.description?.message;

  const submit = handleSubmit(async (values) => {
    const parsed = DetailsSchema.parse(values);
    const result = await save.mutateAsync({ profile: { ...draft.profile, ...parsed }, hadDraft: draft.hasDraft, published });
    reset(parsed);
    toast.success(result.live ? 'Store details saved.' : 'Saved to your store draft. Publish it in the Store builder to show it.');
  });

  return (
    <form noValidate className="mt-4 space-y-4" onSubmit={(event) => void submit(event).catch(() => undefined)}>
      <TextField
        label="Store name"
        autoComplete="organization"
        maxLength={STORE_NAME_MAX_LENGTH + 1}
        error={formState.errors.name?.message}
        {...register('name')}
      />
      <div className="space-y-1.5">
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={descriptionId} className="text-sm font-medium text-slate-800">
            Description
          </label>
          <span id={`${descriptionId}-count`} className={cn('text-xs', description.length > STORE_DESCRIPTION_MAX_LENGTH ? 'font-semibold text-red-600' : 'text-slate-500')}>
            {description.length}/{STORE_DESCRIPTION_MAX_LENGTH}
          </span>
        </div>
        <textarea
          id={descriptionId}
          rows={3}
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={[`${descriptionId}-count`, descriptionError ? `${descriptionId}-error` : null].filter(Boolean).join(' ')}
          className={cn(
            'block w-full resize-y rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 sm:text-sm',
            descriptionError ? 'border-red-500 focus:outline-red-500' : 'border-slate-300 focus:outline-brand-600',
          )}
          {...register('description')}
        />
        {descriptionError ? (
          <p id={`${descriptionId}-error`} className="text-sm font-medium text-red-600">
            {descriptionError}
          </p>
        ) : null}
      </div>
      <div className="space-y-1">
        <p className="text-sm font-medium text-slate-800">Store URL</p>
        <p className="break-all text-sm text-slate-700">{`${host}${storefrontUrl(store, { origin: '' })}`}</p>
        <p className="text-sm text-slate-500">Set when the store was created. Custom domains are under Domains below.</p>
      </div>
      {draft.hasDraft || !published ? (
        <p className="text-sm text-slate-600">
          {published ? 'Your store has unpublished changes, so these' : 'Your store is not published yet, so these'} go to your draft.{' '}
          <Link to={storeBuilderPath} className="font-semibold text-brand-700 underline">
            Open the Store builder
          </Link>{' '}
          to publish.
        </p>
      ) : null}
      {save.isError ? (
        <p role="alert" className="text-sm font-medium text-red-600">
          {errorMessage(save.error)}
        </p>
      ) : null}
      <Button type="submit" disabled={!formState.isDirty || save.isPending} aria-busy={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save details'}
      </Button>
    </form>
  );
}
