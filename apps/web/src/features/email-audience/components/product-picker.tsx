import type { Product } from '@shopfront/core';

interface ProductPickerProps {
  products: Product[];
  selected: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  loading?: boolean;
}

/** "Bought any of": the store's products as checkboxes in a scrolling list. */
export function ProductPicker({ products, selected, onChange, disabled, loading }: ProductPickerProps) {
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-slate-800">Bought any of these products</legend>
      {loading ? (
        <p className="text-sm text-slate-500">Loading products…</p>
      ) : products.length === 0 ? (
        <p className="text-sm text-slate-500">This store has no products yet.</p>
      ) : (
        <ul className="max-h-44 divide-y divide-slate-100 overflow-y-auto rounded-lg ring-1 ring-inset ring-slate-300">
          {products.map((product) => (
            <li key={product.id}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 text-sm text-slate-800 hover:bg-slate-50">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  disabled={disabled}
                  checked={selected.includes(product.id)}
                  onChange={(event) => onChange(event.target.checked ? [...selected, product.id] : selected.filter((id) => id !== product.id))}
                />
                <span className="min-w-0 truncate">{product.title}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-slate-500">None ticked: any purchase history.</p>
    </fieldset>
  );
}
