import { forwardRef, type SelectHTMLAttributes } from 'react';

interface ProductChoiceProps extends SelectHTMLAttributes<HTMLSelectElement> {
  id: string;
  label: string;
  /** The first option: choosing nothing (removes the offer). */
  noneLabel: string;
  /** The products are still loading: the list is disabled and says so. */
  pending: boolean;
  products: { id: string; title: string }[];
}

/**
 * A select of another product of the store (an order bump, an after-purchase offer), registered
 * with react-hook-form. Mounted again once the products arrive, so a saved choice is selected among
 * its options rather than falling back to "none" for want of them.
 */
export const ProductChoice = forwardRef<HTMLSelectElement, ProductChoiceProps>(function ProductChoice({ id, label, noneLabel, pending, products, ...field }, ref) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select key={pending ? 'loading' : 'ready'} ref={ref} id={id} className="min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-sm" disabled={pending} {...field}>
        <option value="">{pending ? 'Loading products…' : noneLabel}</option>
        {products.map((row) => (
          <option key={row.id} value={row.id}>
            {row.title}
          </option>
        ))}
      </select>
    </div>
  );
});
