import { NavLink } from 'react-router';
import { cn } from '#src/components/ui/cn.ts';

/**
 * The tabs of a dashboard section (each a page of its own, so links, not a tab widget). On a
 * narrow phone they scroll sideways inside their row rather than the page.
 */
export function SectionTabs({ label, tabs }: { label: string; tabs: ReadonlyArray<{ label: string; to: string }> }) {
  return (
    <nav aria-label={label} className="mb-6 flex gap-1 overflow-x-auto border-b border-slate-200">
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end
          className={({ isActive }) =>
            cn(
              '-mb-px inline-flex min-h-11 shrink-0 items-center border-b-2 px-3 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-600',
              isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900',
            )
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
