import { SOCIAL_LINK_LIMIT, SOCIAL_PLATFORMS, type SocialLink } from '@shopfront/core';
import { useId } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '#src/components/ui/button.tsx';
import { cn } from '#src/components/ui/cn.ts';
import { useIconSprite } from '#src/components/ui/icon.tsx';
import { SOCIAL_PLATFORM_INFO, SocialIcon } from '#src/components/ui/social-icons.tsx';
import type { ProfileValues } from '../hooks/use-draft-editor.ts';
import { BuilderSection } from './builder-section.tsx';
import { IconButton } from './icon-button.tsx';

const PLACEHOLDERS: Partial<Record<SocialLink['platform'], string>> = {
  email: 'mailto:you@example.com',
  website: 'https://your-site.com',
  x: 'https://x.com/yourname',
};

const placeholderFor = (platform: SocialLink['platform']) => PLACEHOLDERS[platform] ?? `https://${platform}.com/yourname`;

/** Social links, shown as icons under the store name: add, pick the platform, reorder, remove. */
export function SocialLinksSection() {
  const { control, register, formState } = useFormContext<ProfileValues>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'socialLinks', keyName: 'key' });
  const platforms = useWatch({ control, name: 'socialLinks' }) ?? [];
  const baseId = useId();
  // The glyphs are <use>s of the storefront's icon sprite, which the dashboard fetches once.
  useIconSprite();

  return (
    <BuilderSection id="builder-social" title="Social links" description="Icons under your name that lead to your profiles.">
      {fields.length === 0 ? <p className="mb-4 rounded-xl bg-slate-50 p-4 text-sm text-slate-600">No social links yet.</p> : null}
      <ol className="space-y-3">
        {fields.map((field, index) => {
          const platform = platforms[index]?.platform ?? field.platform;
          const label = SOCIAL_PLATFORM_INFO[platform]?.label ?? platform;
          const urlError = formState.errors.socialLinks?.[index]?.url?.message;
          const id = `${baseId}-${index}`;
          return (
            <li key={field.key} className="rounded-xl border border-slate-200 p-3">
              <div className="flex items-center gap-2">
                <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-900 p-2 text-white">
                  <SocialIcon platform={platform} />
                </span>
                <label htmlFor={`${id}-platform`} className="sr-only">
                  Platform of social link {index + 1}
                </label>
                <select
                  id={`${id}-platform`}
                  className="min-h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 text-base text-slate-900 sm:text-sm"
                  {...register(`socialLinks.${index}.platform`)}
                >
                  {SOCIAL_PLATFORMS.map((option) => (
                    <option key={option} value={option}>
                      {SOCIAL_PLATFORM_INFO[option]?.label ?? option}
                    </option>
                  ))}
                </select>
                <IconButton icon="up" label={`Move ${label} link up`} disabled={index === 0} onClick={() => move(index, index - 1)} />
                <IconButton icon="down" label={`Move ${label} link down`} disabled={index === fields.length - 1} onClick={() => move(index, index + 1)} />
                <IconButton icon="remove" label={`Remove ${label} link`} onClick={() => remove(index)} />
              </div>
              <div className="mt-2">
                <label htmlFor={`${id}-url`} className="sr-only">
                  {label} address
                </label>
                <input
                  id={`${id}-url`}
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  placeholder={placeholderFor(platform)}
                  aria-invalid={urlError ? true : undefined}
                  aria-describedby={urlError ? `${id}-error` : undefined}
                  className={cn(
                    'block min-h-10 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 sm:text-sm',
                    urlError ? 'border-red-500' : 'border-slate-300',
                  )}
                  {...register(`socialLinks.${index}.url`)}
                />
                {urlError ? (
                  <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-600">
                    {urlError}
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      <Button variant="secondary" className="mt-4" disabled={fields.length >= SOCIAL_LINK_LIMIT} onClick={() => append({ platform: 'instagram', url: '' }, { focusName: `socialLinks.${fields.length}.url` })}>
        + Add social link
      </Button>
    </BuilderSection>
  );
}
