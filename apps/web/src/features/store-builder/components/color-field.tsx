import type { ThemeColorKey } from '@shopfront/core';
import { useId } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { cn } from '#src/components/ui/cn.ts';
import type { ProfileValues } from '../hooks/use-draft-editor.ts';
import { normaliseHex } from '../lib/contrast.ts';

interface ColorFieldProps {
  colorKey: ThemeColorKey;
  label: string;
  hint: string;
  themeDefault: string;
  lowContrast: boolean;
}

/** A native colour picker and a hex field for one theme colour; empty means "the theme's own". */
export function ColorField({ colorKey, label, hint, themeDefault, lowContrast }: ColorFieldProps) {
  const { control, setValue } = useFormContext<ProfileValues>();
  const name = `themeOverrides.colors.${colorKey}` as const;
  const {
    field: { ref, onBlur, value: override },
    fieldState,
  } = useController({ control, name });
  const id = useId();
  const shown = override ?? themeDefault;
  const swatch = normaliseHex(shown) ?? themeDefault;
  const error = fieldState.error?.message;
  const set = (value: string | undefined) => setValue(name, value, { shouldDirty: true, shouldValidate: true });

  return (
    <div className={cn('rounded-xl border p-3', lowContrast ? 'border-amber-300 bg-amber-50/50' : 'border-slate-200')}>
      <div className="flex min-h-8 items-center justify-between gap-2">
        <label htmlFor={`${id}-hex`} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {override !== undefined ? (
          <button
            type="button"
            onClick={() => set(undefined)}
            aria-label={`Reset ${label} to the theme colour`}
            className="min-h-8 rounded-md px-1.5 text-xs font-semibold text-brand-700 hover:bg-brand-50"
          >
            Reset
          </button>
        ) : null}
      </div>
      <div className="mt-2 flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} colour picker`}
          value={swatch}
          onChange={(event) => set(event.target.value)}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
        />
        <input
          id={`${id}-hex`}
          ref={ref}
          value={shown}
          onChange={(event) => set(event.target.value.trim())}
          onBlur={onBlur}
          spellCheck={false}
          autoCapitalize="none"
          autoComplete="off"
          maxLength={7}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint`}
          className={cn(
            'block min-h-10 w-full min-w-0 rounded-lg border bg-white px-3 py-2 font-mono text-base uppercase text-slate-900 sm:text-sm',
            error ? 'border-red-500' : 'border-slate-300',
          )}
        />
      </div>
      <p id={`${id}-hint`} className={cn('mt-1.5 text-xs', error ? 'font-medium text-red-600' : lowContrast ? 'font-medium text-amber-800' : 'text-slate-500')}>
        {error ?? (lowContrast ? 'Low contrast: see the warning above.' : hint)}
      </p>
    </div>
  );
}
