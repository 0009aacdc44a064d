import { COMMERCE_LIMITS, COMMERCE_MESSAGES, CustomerTagSchema } from '@shopfront/core';
import { useId, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';

interface TagInputProps {
  tags: string[];
  onChange: (tags: string[]) => void;
  disabled?: boolean;
  /** A form-level error (e.g. from the schema). */
  error?: string;
}

/** Tags as removable chips: at most 20, each at most 40 characters; Enter or "Add" adds one. */
export function TagInput({ tags, onChange, disabled, error }: TagInputProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;

  function add() {
    const parsed = CustomerTagSchema.safeParse(draft);
    if (!parsed.success) {
      if (draft.trim()) setProblem(parsed.error.issues[0]?.message ?? COMMERCE_MESSAGES.tagTooLong);
      return;
    }
    const tag = parsed.data;
    if (tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) {
      setDraft('');
      setProblem(null);
      return;
    }
    if (tags.length >= COMMERCE_LIMITS.tagsMax) {
      setProblem(COMMERCE_MESSAGES.tooManyTags);
      return;
    }
    onChange([...tags, tag]);
    setDraft('');
    setProblem(null);
  }

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Tags
      </label>
      {tags.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Selected tags">
          {tags.map((tag) => (
            <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm font-medium text-brand-900 ring-1 ring-inset ring-brand-100">
              {tag}
              <button
                type="button"
                disabled={disabled}
                onClick={() => {
                  onChange(tags.filter((t) => t !== tag));
                  setProblem(null);
                }}
                aria-label={`Remove tag ${tag}`}
                className="inline-flex size-7 items-center justify-center rounded-full text-brand-700 hover:bg-brand-100 disabled:opacity-50"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <input
          id={id}
          value={draft}
          disabled={disabled}
          placeholder="e.g. vip"
          aria-invalid={shown ? true : undefined}
          aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ',') {
              event.preventDefault();
              add();
            }
          }}
          className="block min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-2 focus:outline-brand-600 sm:text-sm"
        />
        <Button variant="secondary" onClick={add} disabled={disabled || !draft.trim()}>
          Add tag
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-slate-500">
        {tags.length} of {COMMERCE_LIMITS.tagsMax} tags, up to {COMMERCE_LIMITS.tagMax} characters each.
      </p>
      {shown ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-600">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
