import { BuilderSection } from './builder-section.tsx';

/**
 * Product order and visibility (`productLayout`). Products arrive with the selling issue; the
 * layout is saved with the draft already, so this section only explains what will live here.
 */
export function ProductsSection({ productsPath }: { productsPath: string }) {
  return (
    <BuilderSection id="builder-products" title="Products" description="Choose the order of your products and which ones show on your store.">
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-slate-50/70 px-4 py-8 text-center">
        <span aria-hidden="true" className="flex size-11 items-center justify-center rounded-full bg-white text-brand-600 shadow-sm ring-1 ring-slate-200">
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className="size-5">
            <path d="M4 7l8-4 8 4v10l-8 4-8-4zM4 7l8 4 8-4M12 11v10" />
          </svg>
        </span>
        <div>
          <p className="font-semibold text-slate-900">No products yet</p>
          <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">
            Once you add products, they appear here: drag them into the order you want and hide the ones you are not ready to show.
          </p>
        </div>
        <a href={productsPath} className="text-sm font-semibold text-brand-700 hover:text-brand-900">
          Go to Products →
        </a>
      </div>
    </BuilderSection>
  );
}
