import { zodResolver } from '@hookform/resolvers/zod';
import { canonicalizeSlug, deriveSlug, MESSAGES, StoreNameSchema, type Store } from '@shopfront/core';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '#src/components/ui/button.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { storeNameError, useSlugCheck } from '#src/lib/use-slug-check.ts';
import { useSingleFlight } from '#src/lib/use-single-flight.ts';
import { browserTimeZone } from '#src/lib/browser-time-zone.ts';
import { useStoreHost } from '#src/lib/use-store-host.ts';
import { useCreateStore } from '../hooks/use-store-mutations.ts';
import { StoreUrlField } from '#src/components/forms/store-url-field.tsx';
import { Alert } from '#src/components/ui/alert.tsx';

const CreateStoreFormSchema = z.object({ storeName: StoreNameSchema, slug: z.string() });
type CreateStoreFormValues = z.input<typeof CreateStoreFormSchema>;

interface CreateStoreFormProps {
  /** True for the creator's first store (createStoreWithTenant), false for more (createAdditionalStore). */
  first: boolean;
  onCreated?: (store: Store) => void;
  onCancel?: () => void;
  submitLabel?: string;
}

/** Store name and URL with the live slug check (spec §4/§5); the server's refusal (plan limit) shows as is. */
export function CreateStoreForm({ first, onCreated, onCancel, submitLabel = 'Create store' }: CreateStoreFormProps) {
  const host = useStoreHost();
  const create = useCreateStore({ first });
  const form = useForm<CreateStoreFormValues>({ resolver: zodResolver(CreateStoreFormSchema), mode: 'onTouched', defaultValues: { storeName: '', slug: '' } });
  const { register, handleSubmit, control, setValue, formState } = form;

  const storeName = useWatch({ control, name: 'storeName' }) ?? '';
  const customSlug = useWatch({ control, name: 'slug' }) ?? '';
  const slug = customSlug ? canonicalizeSlug(customSlug) : deriveSlug(storeName);
  const slugState = useSlugCheck(slug, storeName);
  // A double click must not send two creations (the second would be refused: the URL is taken).
  const flight = useSingleFlight();
  const creating = flight.running || create.isPending;
  const canSubmit = storeName.trim().length > 0 && slugState.status === 'valid' && !creating;
  const setSlug = (next: string) => setValue('slug', next, { shouldDirty: true });

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        void flight.run(() =>
          handleSubmit(async (values) => {
            if (slugState.status !== 'valid') return;
            const store = await create.mutateAsync({ storeName: values.storeName, slug: slugState.slug, description: '', ...browserZone() }).catch(() => null);
            if (store) onCreated?.(store);
          })(event),
        );
      }}
    >
      {create.isError ? <Alert title="We couldn't create the store">{errorMessage(create.error)}</Alert> : null}
      <TextField label="Store name" autoComplete="organization" placeholder="Cozy Mugs" error={storeNameError(formState.errors.storeName?.message, slugState)} {...register('storeName')} />
      <StoreUrlField host={host} slug={slug} state={slugState} custom={Boolean(customSlug)} onChange={setSlug} onReset={() => setSlug('')} />
      {slugState.status === 'error' ? <p className="text-sm text-red-700">{MESSAGES.validation.storeNameNeedsFix}</p> : null}
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={creating}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={!canSubmit} aria-busy={creating}>
          {creating ? 'Creating your store…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** A new store's sales days start in the creator's own zone (changeable in Settings). */
function browserZone(): { timeZone?: string } {
  const timeZone = browserTimeZone();
  return timeZone ? { timeZone } : {};
}
