import type { ReactNode } from 'react';

/** A full-height page with one centred column: sign-in forms and status screens. */
export function CenteredPage({ children, header }: { children: ReactNode; header?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-slate-50 to-slate-100">
      {header ? <header className="px-4 pt-6 sm:px-6">{header}</header> : null}
      <main className="flex flex-1 items-center justify-center px-4 py-10 sm:px-6">
        <div className="w-full max-w-md">{children}</div>
      </main>
    </div>
  );
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div className={`rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8 ${className}`}>{children}</div>
  );
}
