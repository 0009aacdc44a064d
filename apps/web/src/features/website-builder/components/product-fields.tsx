import { useId } from 'react';
import { useEditorEnvironment } from '../lib/editor-context.ts';

const statusNote = (status: string) => (status === 'published' ? '' : ` (${status}: not shown until published)`);

/** The products of a grid, in the order ticked; none ticked shows every published product. */
export function ProductPicker({ label, value, onChange, readOnly = false }: { label: string; value: string[]; onChange: (ids: string[]) => void; readOnly?: boolean }) {
  const { products } = useEditorEnvironment();
  const hintId = useId();
  const chosen = new Set(value);
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((other) => other !== id));
  return (
    <fieldset className="space-y-2 text-sm" aria-describedby={hintId}>
      <legend className="font-medium text-slate-800">{label}</legend>
      <p id={hintId} className="text-xs text-slate-500">
        Tick none to show every published product.
      </p>
      {products.length === 0 ? <p className="text-slate-600">No products yet. Create one in Products.</p> : null}
      <ul className="space-y-1">
        {products.map((product) => (
          <li key={product.id}>
            <label className="flex min-h-9 items-center gap-2">
              <input type="checkbox" className="size-4" checked={chosen.has(product.id)} disabled={readOnly} onChange={(event) => toggle(product.id, event.target.checked)} />
              <span>
                {product.title}
                <span className="text-slate-500">{statusNote(product.status)}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** The product of a product card. */
export function ProductSelect({ label, value, onChange, readOnly = false }: { label: string; value: string; onChange: (id: string) => void; readOnly?: boolean }) {
  const { products } = useEditorEnvironment();
  const id = useId();
  return (
    <div className="space-y-1.5 text-sm">
      <label htmlFor={id} className="block font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={readOnly}
        onChange={(event) => onChange(event.target.value)}
        className="block min-h-10 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:outline-2 focus:outline-brand-600"
      >
        <option value="">Choose a product</option>
        {products.map((product) => (
          <option key={product.id} value={product.id}>
            {product.title}
            {statusNote(product.status)}
          </option>
        ))}
      </select>
    </div>
  );
}
