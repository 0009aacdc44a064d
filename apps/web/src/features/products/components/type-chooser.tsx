import { PRODUCT_TYPES } from '@shopfront/core';
import { Link } from 'react-router';
import { editorSearch } from '../lib/editor-search.ts';
import { TYPE_INFO } from '../lib/product-labels.ts';

const ICONS = {
  digital: 'M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19h14',
  'lead-magnet': 'M4 6h16v12H4zM4 7l8 6 8-6',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  membership: 'M4 12a8 8 0 0 1 14-5.3M20 12a8 8 0 0 1-14 5.3M18 3v4h-4M6 21v-4h4',
  course: 'M3 7l9-4 9 4-9 4zM7 9v5c0 1.7 2.2 3 5 3s5-1.3 5-3V9M21 7v6',
  call: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4M9 15l2 2 4-4',
} as const;

/** Step one of a new product: what kind it is. */
export function TypeChooser() {
  return (
    <div className="space-y-4">
      <Link to={editorSearch.list()} className="inline-flex min-h-10 items-center text-sm font-semibold text-slate-600 hover:text-slate-900">
        ← All products
      </Link>
      <div>
        <h2 className="text-xl font-semibold text-slate-900">What are you creating?</h2>
        <p className="mt-1 text-sm text-slate-600">You can change everything else later.</p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {PRODUCT_TYPES.map((type) => (
          <li key={type}>
            <Link
              to={editorSearch.create(type)}
              className="flex h-full gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:ring-brand-500 focus-visible:outline-2 focus-visible:outline-brand-600 sm:flex-col sm:p-5"
            >
              <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className="size-6">
                  <path d={ICONS[type]} />
                </svg>
              </span>
              <span>
                <span className="block font-semibold text-slate-900">{TYPE_INFO[type].label}</span>
                <span className="mt-1 block text-sm text-slate-600">{TYPE_INFO[type].explanation}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
