import type { ReactNode } from 'react';

/** Placeholder body for pages whose route exists but whose screen is not built yet. */
export function ComingSoon({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <section aria-labelledby="coming-soon-title" className="rounded-2xl border border-dashed border-slate-300 bg-white/60 p-8 text-center sm:p-12">
      <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600" aria-hidden="true">
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-6">
          <path d="M12 6v6l4 2" strokeLinecap="round" strokeLinejoin="round" />
          <circle cx="12" cy="12" r="9" />
        </svg>
      </div>
      <h2 id="coming-soon-title" className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">
        {description ?? 'This page is coming soon. Everything around it already works.'}
      </p>
      {children ? <div className="mt-6">{children}</div> : null}
    </section>
  );
}
