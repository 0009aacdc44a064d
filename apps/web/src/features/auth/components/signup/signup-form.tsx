import { zodResolver } from '@hookform/resolvers/zod';
import { canonicalizeSlug, deriveSlug, MESSAGES, SignupFormSchema } from '@shopfront/core';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '#src/components/ui/button.tsx';
import { PasswordField } from '#src/components/ui/password-field.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { Alert } from '#src/components/ui/alert.tsx';
import { StoreUrlField } from '#src/components/forms/store-url-field.tsx';
import { storeNameError, useSlugCheck } from '#src/lib/use-slug-check.ts';

export type SignupFormValues = z.input<typeof SignupFormSchema>;
export interface SignupDetails {
  firstName: string;
  lastName: string;
  storeName: string;
  email: string;
  password: string;
  slug: string;
}

export const EMPTY_SIGNUP: SignupFormValues = { firstName: '', lastName: '', storeName: '', email: '', password: '', slug: '' };

interface SignupFormProps {
  host: string;
  defaultValues?: SignupFormValues;
  onSubmit: (details: SignupDetails, values: SignupFormValues) => Promise<void>;
  error?: string | null;
}

/** Spec §2/§5 signup form: submit stays disabled until every field and the store URL are valid. */
export function SignupForm({ host, defaultValues = EMPTY_SIGNUP, onSubmit, error }: SignupFormProps) {
  const form = useForm<SignupFormValues, unknown, z.output<typeof SignupFormSchema>>({
    resolver: zodResolver(SignupFormSchema),
    mode: 'onTouched',
    defaultValues,
  });
  const { register, handleSubmit, control, setValue, formState } = form;
  const { errors, isValid, isSubmitting } = formState;

  const storeName = useWatch({ control, name: 'storeName' }) ?? '';
  const customSlug = useWatch({ control, name: 'slug' }) ?? '';
  const slug = customSlug ? canonicalizeSlug(customSlug) : deriveSlug(storeName);
  const slugState = useSlugCheck(slug, storeName);
  const canSubmit = isValid && slugState.status === 'valid' && !isSubmitting;

  const setSlug = (next: string) => setValue('slug', next, { shouldValidate: true, shouldDirty: true });

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={handleSubmit(async (values) => {
        if (slugState.status !== 'valid') return;
        const details = { firstName: values.firstName, lastName: values.lastName, storeName: values.storeName, email: values.email, password: values.password, slug: slugState.slug };
        await onSubmit(details, form.getValues());
      })}
    >
      {error ? <Alert>{error}</Alert> : null}
      <div className="grid grid-cols-2 gap-3">
        <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
        <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
      </div>
      <TextField label="Store name" autoComplete="organization" placeholder="Cozy Mugs" error={storeNameError(errors.storeName?.message, slugState)} {...register('storeName')} />
      <StoreUrlField host={host} slug={slug} state={slugState} custom={Boolean(customSlug)} onChange={setSlug} onReset={() => setSlug('')} />
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" error={errors.email?.message} {...register('email')} />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        hint={errors.password ? undefined : 'At least 6 characters.'}
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="space-y-2 pt-1">
        <Button type="submit" className="w-full" disabled={!canSubmit} aria-busy={isSubmitting}>
          {isSubmitting ? 'Sending your code…' : 'Create account'}
        </Button>
        {slugState.status === 'error' ? (
          <p className="text-center text-sm text-red-700">{MESSAGES.validation.storeNameNeedsFix}</p>
        ) : null}
      </div>
    </form>
  );
}
