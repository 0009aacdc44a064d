import { NavLink } from 'react-router';
import { cn } from '#src/components/ui/cn.ts';
import { DASHBOARD_PATHS } from '../paths.ts';

const TABS = [
  { label: 'Products', to: DASHBOARD_PATHS.products },
  { label: 'Discount codes', to: DASHBOARD_PATHS.discounts },
  { label: 'Members', to: DASHBOARD_PATHS.members },
] as const;

/** Products, their discount codes and the members of memberships share the Products section. */
export function ProductsTabs() {
  return (
    <nav aria-label="Products section" className="mb-6 flex gap-1 border-b border-slate-200">
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end
          className={({ isActive }) =>
            cn(
              '-mb-px inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600',
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
