import { forwardRef, useId, type TextareaHTMLAttributes } from 'react';
import { cn } from '#src/components/ui/cn.ts';

/** A labelled textarea in the kit's style (the kit has no textarea yet). */
export const NotesField = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & { label?: string; error?: string }>(function NotesField(
  { label = 'Notes', error, className, ...props },
  ref,
) {
  const id = useId();
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(
          'block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-2 sm:text-sm',
          error ? 'border-red-500 focus:outline-red-500' : 'border-slate-300 focus:outline-brand-600',
        )}
        {...props}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
});
