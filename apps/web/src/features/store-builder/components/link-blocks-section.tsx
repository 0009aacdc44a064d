import { LINK_BLOCK_LIMIT } from '@shopfront/core';
import { useId, useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '#src/components/ui/button.tsx';
import { cn } from '#src/components/ui/cn.ts';
import type { ProfileValues } from '../hooks/use-draft-editor.ts';
import { BuilderSection } from './builder-section.tsx';
import { IconButton } from './icon-button.tsx';

const fieldClass = (error: boolean) =>
  cn('block min-h-10 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 sm:text-sm', error ? 'border-red-500' : 'border-slate-300');

function newLinkId(): string {
  return `link-${crypto.randomUUID().slice(0, 12)}`;
}

/** Link blocks (buttons on the storefront): add, edit, hide, reorder with buttons or by dragging the handle. */
export function LinkBlocksSection() {
  const { control, register, setValue, formState } = useFormContext<ProfileValues>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'links', keyName: 'key' });
  const values = useWatch({ control, name: 'links' }) ?? [];
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const baseId = useId();

  return (
    <BuilderSection id="builder-links" title="Links" description="Buttons on your store that lead anywhere: your newsletter, a video, a booking page.">
      {fields.length === 0 ? <p className="mb-4 rounded-xl bg-slate-50 p-4 text-sm text-slate-600">No links yet. Add your first one below.</p> : null}
      <ol className="space-y-3">
        {fields.map((field, index) => {
          const value = values[index];
          const title = value?.title?.trim() || `Link ${index + 1}`;
          const hidden = Boolean(value?.hidden);
          const errors = formState.errors.links?.[index];
          const id = `${baseId}-${index}`;
          return (
            <li
              key={field.key}
              onDragOver={(event) => {
                if (dragging === null) return;
                event.preventDefault();
                setOver(index);
              }}
              onDrop={(event) => {
                event.preventDefault();
                if (dragging !== null && dragging !== index) move(dragging, index);
                setDragging(null);
                setOver(null);
              }}
              className={cn(
                'rounded-xl border p-3 transition',
                hidden ? 'border-dashed border-slate-300 bg-slate-50' : 'border-slate-200 bg-white',
                over === index && dragging !== index && 'ring-2 ring-brand-500',
                dragging === index && 'opacity-50',
              )}
            >
              <div className="flex items-center gap-1">
                <span
                  draggable
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', String(index));
                    setDragging(index);
                  }}
                  onDragEnd={() => {
                    setDragging(null);
                    setOver(null);
                  }}
                  aria-hidden="true"
                  title="Drag to reorder"
                  className="hidden size-10 cursor-grab items-center justify-center rounded-lg text-slate-400 hover:bg-slate-100 active:cursor-grabbing sm:flex"
                >
                  <svg viewBox="0 0 20 20" fill="currentColor" className="size-5">
                    {[5, 10, 15].flatMap((y) => [7.5, 12.5].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.4" />))}
                  </svg>
                </span>
                <p className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900">
                  {title}
                  {hidden ? <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-600">Hidden</span> : null}
                </p>
                <label className="mr-1 inline-flex min-h-10 cursor-pointer items-center gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    role="switch"
                    className="peer sr-only"
                    checked={!hidden}
                    onChange={(event) => setValue(`links.${index}.hidden`, !event.target.checked, { shouldDirty: true })}
                  />
                  <ShowToggle on={!hidden} />
                  <span className="sr-only">Show “{title}” on the store</span>
                </label>
                <IconButton icon="up" label={`Move “${title}” up`} disabled={index === 0} onClick={() => move(index, index - 1)} />
                <IconButton icon="down" label={`Move “${title}” down`} disabled={index === fields.length - 1} onClick={() => move(index, index + 1)} />
                <IconButton icon="remove" label={`Remove “${title}”`} onClick={() => remove(index)} />
              </div>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                <div>
                  <label htmlFor={`${id}-title`} className="mb-1 block text-xs font-medium text-slate-600">
                    Title
                  </label>
                  <input id={`${id}-title`} placeholder="My newsletter" aria-invalid={errors?.title ? true : undefined} className={fieldClass(Boolean(errors?.title))} {...register(`links.${index}.title`)} />
                  {errors?.title?.message ? <p className="mt-1 text-sm font-medium text-red-600">{errors.title.message}</p> : null}
                </div>
                <div>
                  <label htmlFor={`${id}-url`} className="mb-1 block text-xs font-medium text-slate-600">
                    Address
                  </label>
                  <input id={`${id}-url`} type="url" inputMode="url" placeholder="https://" aria-invalid={errors?.url ? true : undefined} className={fieldClass(Boolean(errors?.url))} {...register(`links.${index}.url`)} />
                  {errors?.url?.message ? <p className="mt-1 text-sm font-medium text-red-600">{errors.url.message}</p> : null}
                </div>
                <div className="sm:col-span-2">
                  <label htmlFor={`${id}-description`} className="mb-1 block text-xs font-medium text-slate-600">
                    Short description <span className="font-normal text-slate-400">(optional)</span>
                  </label>
                  <input id={`${id}-description`} placeholder="Every Friday, one idea in your inbox" className={fieldClass(Boolean(errors?.description))} {...register(`links.${index}.description`)} />
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      <Button
        variant="secondary"
        className="mt-4"
        disabled={fields.length >= LINK_BLOCK_LIMIT}
        onClick={() => append({ id: newLinkId(), title: '', url: '', description: '', hidden: false }, { focusName: `links.${fields.length}.title` })}
      >
        + Add link
      </Button>
    </BuilderSection>
  );
}

function ShowToggle({ on }: { on: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'relative inline-flex h-6 w-10 shrink-0 items-center rounded-full transition peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
        on ? 'bg-emerald-500' : 'bg-slate-300',
      )}
    >
      <span className={cn('inline-block size-5 rounded-full bg-white shadow transition', on ? 'translate-x-[1.125rem]' : 'translate-x-0.5')} />
    </span>
  );
}
