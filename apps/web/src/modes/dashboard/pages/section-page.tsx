import type { ReactNode } from 'react';

/** One dashboard section: its title and description above the section's screen. */
export function SectionPage({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <div>
      <div className="mb-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="mt-1 text-slate-600">{description}</p>
      </div>
      {children}
    </div>
  );
}
