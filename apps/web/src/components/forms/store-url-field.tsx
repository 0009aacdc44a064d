import { SLUG_MAX_LENGTH } from '@shopfront/core';
import { useId, useState } from 'react';
import { cn } from '../ui/cn.ts';
import type { SlugCheckState } from '#src/lib/use-slug-check.ts';
import { SlugStatus, SlugSuggestions } from './slug-status.tsx';

interface StoreUrlFieldProps {
  host: string;
  slug: string;
  state: SlugCheckState;
  /** True while the creator's own slug replaces the one derived from the store name. */
  custom: boolean;
  onChange: (slug: string) => void;
  onReset: () => void;
}

/** Spec §2/§5: the store URL derived from the store name, editable, with the live check and suggestions. */
export function StoreUrlField({ host, slug, state, custom, onChange, onReset }: StoreUrlFieldProps) {
  const [editing, setEditing] = useState(false);
  const inputId = useId();
  const statusId = `${inputId}-status`;
  const tone = state.status === 'error' ? 'ring-red-300 bg-red-50/40' : state.status === 'valid' ? 'ring-emerald-300 bg-emerald-50/40' : 'ring-slate-200 bg-slate-50';

  return (
    <div className="space-y-2.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={editing ? inputId : undefined} className="text-sm font-medium text-slate-800" id={`${inputId}-label`}>
          Store URL
        </label>
        <div className="flex gap-3 text-sm">
          {custom && !editing ? (
            <button type="button" onClick={onReset} className="font-semibold text-slate-500 hover:text-slate-800">
              Use store name
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => setEditing((open) => !open)}
            aria-expanded={editing}
            aria-controls={editing ? inputId : undefined}
            className="font-semibold text-brand-600 hover:text-brand-700"
          >
            {editing ? 'Done' : 'Edit URL'}
          </button>
        </div>
      </div>

      <div className={cn('flex min-h-11 items-center overflow-hidden rounded-lg ring-1 ring-inset', tone)}>
        <span className="shrink-0 pl-3 text-sm text-slate-500">{host}/</span>
        {editing ? (
          <input
            id={inputId}
            value={slug}
            autoFocus
            maxLength={SLUG_MAX_LENGTH + 10}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            aria-describedby={statusId}
            aria-invalid={state.status === 'error' ? true : undefined}
            onChange={(event) => onChange(event.target.value.toLowerCase())}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                setEditing(false);
              }
            }}
            className="min-w-0 flex-1 self-stretch bg-white px-1 text-base font-medium text-slate-900 outline-none focus:bg-white sm:text-sm"
          />
        ) : (
          <span data-testid="store-url-slug" aria-describedby={statusId} className="min-w-0 flex-1 py-2 pr-3 wrap-anywhere text-sm font-semibold text-slate-900">
            {slug || <span className="font-normal text-slate-400">your-store</span>}
          </span>
        )}
      </div>

      <SlugStatus state={state} id={statusId} />
      {state.status === 'error' ? (
        <SlugSuggestions
          suggestions={state.suggestions}
          onPick={(picked) => {
            onChange(picked);
            setEditing(false);
          }}
        />
      ) : null}
    </div>
  );
}
