import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cn } from '#src/components/ui/cn.ts';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

/** A labelled native select (the phone's own picker), with its error or hint below. */
export function SelectField({ label, error, hint, className, children, ...props }: SelectFieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={cn('min-w-0 space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn('block min-h-11 w-full rounded-lg border bg-white px-3 text-base shadow-sm sm:text-sm', error ? 'border-red-500' : 'border-slate-300')}
        {...props}
      >
        {children}
      </select>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** "Any product" and the store's products (archived ones only when already chosen). */
export function ProductOptions({ products, anyLabel, chosen }: { products: readonly { id: string; title: string; status: string }[]; anyLabel: string; chosen: string | null }) {
  return (
    <>
      <option value="">{anyLabel}</option>
      {products
        .filter((product) => product.status !== 'archived' || product.id === chosen)
        .map((product) => (
          <option key={product.id} value={product.id}>
            {product.title}
            {product.status === 'draft' ? ' (draft)' : ''}
          </option>
        ))}
    </>
  );
}
