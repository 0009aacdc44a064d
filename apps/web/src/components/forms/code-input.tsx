import { VERIFICATION_CODE_LENGTH } from '@shopfront/core';
import { forwardRef, useId } from 'react';
import { cn } from '../ui/cn.ts';

/** Full-width digits become ASCII (NFKC), anything else is dropped, and the rest is cut to 6. */
export function toCodeDigits(raw: string): string {
  return raw.normalize('NFKC').replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH);
}

export function isCompleteCode(code: string): boolean {
  return code.length === VERIFICATION_CODE_LENGTH && /^\d+$/.test(code);
}

interface CodeInputProps {
  value: string;
  onChange: (code: string) => void;
  label?: string;
  hint?: string;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  name?: string;
}

/**
 * Spec §5 verification code: digits only, exactly 6. One input, so a pasted "123 456" or an
 * SMS/one-time-code autofill lands whole; the numeric keypad opens on phones.
 */
export const CodeInput = forwardRef<HTMLInputElement, CodeInputProps>(function CodeInput(
  { value, onChange, label = 'Verification code', hint, error, disabled, autoFocus, name = 'code' },
  ref,
) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={VERIFICATION_CODE_LENGTH}
        placeholder="000000"
        spellCheck={false}
        autoFocus={autoFocus}
        disabled={disabled}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(toCodeDigits(event.target.value))}
        onPaste={(event) => {
          // maxLength would cut "123 456" to "123 45" before onChange sees it.
          event.preventDefault();
          onChange(toCodeDigits(event.clipboardData.getData('text')));
        }}
        className={cn(
          'block h-14 w-full rounded-xl border bg-white px-4 text-center font-mono text-2xl font-semibold tracking-[0.5em] text-slate-900 shadow-sm placeholder:text-slate-300 focus:outline-2 focus:outline-offset-0 disabled:bg-slate-50',
          error ? 'border-red-500 focus:outline-red-500' : 'border-slate-300 focus:outline-brand-600',
        )}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
});
