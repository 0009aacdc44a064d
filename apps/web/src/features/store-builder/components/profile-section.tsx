import { STORE_DESCRIPTION_MAX_LENGTH, STORE_NAME_MAX_LENGTH } from '@shopfront/core';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { cn } from '#src/components/ui/cn.ts';
import type { ProfileValues } from '../hooks/use-draft-editor.ts';
import { AvatarField } from './avatar-field.tsx';
import { BuilderSection } from './builder-section.tsx';
import { CharCounter } from './char-counter.tsx';

const inputClass = (error: boolean) =>
  cn(
    'block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0 sm:text-sm',
    error ? 'border-red-500 focus:outline-red-500' : 'border-slate-300 focus:outline-brand-600',
  );

/** Name and bio with spec §5 limits (under 100 / under 500 characters) and the avatar. */
export function ProfileSection({ storeId }: { storeId: string }) {
  const { register, control, formState } = useFormContext<ProfileValues>();
  const [name = '', description = ''] = useWatch({ control, name: ['name', 'description'] });
  const nameId = useId();
  const bioId = useId();
  const nameError = formState.errors.name?.message;
  const bioError = formState.errors.description?.message;

  return (
    <BuilderSection id="builder-profile" title="Profile" description="Who you are, at the top of your store.">
      <div className="space-y-5">
        <AvatarField storeId={storeId} />
        <div className="space-y-1.5">
          <div className="flex items-baseline justify-between gap-3">
            <label htmlFor={nameId} className="text-sm font-medium text-slate-800">
              Store name
            </label>
            <CharCounter id={`${nameId}-count`} length={name.length} max={STORE_NAME_MAX_LENGTH} />
          </div>
          <input
            id={nameId}
            autoComplete="off"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={[`${nameId}-count`, nameError ? `${nameId}-error` : null].filter(Boolean).join(' ')}
            className={cn(inputClass(Boolean(nameError)), 'min-h-11')}
            {...register('name')}
          />
          {nameError ? (
            <p id={`${nameId}-error`} className="text-sm font-medium text-red-600">
              {nameError}
            </p>
          ) : null}
        </div>
        <div className="space-y-1.5">
          <div className="flex items-baseline justify-between gap-3">
            <label htmlFor={bioId} className="text-sm font-medium text-slate-800">
              Description
            </label>
            <CharCounter id={`${bioId}-count`} length={description.length} max={STORE_DESCRIPTION_MAX_LENGTH} />
          </div>
          <textarea
            id={bioId}
            rows={4}
            placeholder="Tell visitors what you make and why they'll love it."
            aria-invalid={bioError ? true : undefined}
            aria-describedby={[`${bioId}-count`, bioError ? `${bioId}-error` : null].filter(Boolean).join(' ')}
            className={cn(inputClass(Boolean(bioError)), 'resize-y')}
            {...register('description')}
          />
          {bioError ? (
            <p id={`${bioId}-error`} className="text-sm font-medium text-red-600">
              {bioError}
            </p>
          ) : null}
        </div>
      </div>
    </BuilderSection>
  );
}
