import type { SlugSuggestion } from '@shopfront/core';
import type { SlugCheckState } from '#src/lib/use-slug-check.ts';

/** Spec §4 slug check states, read out politely as they change. */
export function SlugStatus({ state, id }: { state: SlugCheckState; id: string }) {
  return (
    <p id={id} aria-live="polite" className="flex min-h-5 items-start gap-1.5 text-sm">
      {state.status === 'checking' ? (
        <>
          <span aria-hidden="true" className="mt-0.5 size-4 shrink-0 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600" />
          <span className="text-slate-600">Checking availability…</span>
        </>
      ) : state.status === 'valid' ? (
        <>
          <svg viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true">
            <path d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16zm3.7-9.3-4.2 4.2a1 1 0 0 1-1.4 0L6.3 11a1 1 0 1 1 1.4-1.4l1.1 1.1 3.5-3.5a1 1 0 1 1 1.4 1.4z" />
          </svg>
          <span className="font-medium text-emerald-700">This store URL is available</span>
        </>
      ) : state.status === 'error' ? (
        <>
          <svg viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden="true">
            <path d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM9 6a1 1 0 1 1 2 0v4a1 1 0 1 1-2 0zm1 8.5a1.2 1.2 0 1 1 0-2.4 1.2 1.2 0 0 1 0 2.4z" />
          </svg>
          <span className="font-medium text-red-700">{state.message}</span>
        </>
      ) : (
        <span className="text-slate-500">Your store name becomes your store&apos;s web address.</span>
      )}
    </p>
  );
}

/** Spec §4 "error with suggestions": each chip puts its slug in the form. */
export function SlugSuggestions({ suggestions, onPick }: { suggestions: SlugSuggestion[]; onPick: (slug: string) => void }) {
  if (suggestions.length === 0) return null;
  return (
    <div className="space-y-2">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Try one of these</p>
      <ul className="flex flex-wrap gap-2" aria-label="Suggested store URLs">
        {suggestions.map((suggestion) => (
          <li key={suggestion.slug}>
            <button
              type="button"
              onClick={() => onPick(suggestion.slug)}
              aria-label={`Use ${suggestion.slug}`}
              className="inline-flex min-h-9 items-center rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700 ring-1 ring-inset ring-brand-100 transition-colors hover:bg-brand-100 hover:ring-brand-500/40"
            >
              {suggestion.slug}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
