import { NavLink } from 'react-router';
import { cn } from '#src/components/ui/cn.ts';
import { useSession } from '#src/features/auth/index.ts';
import { usePlatformStatus } from '#src/lib/use-platform-status.ts';
import { DASHBOARD_PATHS, DASHBOARD_SECTIONS, SECTION_FLAGS } from '../paths.ts';

export function DashboardNav({ onNavigate }: { onNavigate?: () => void }) {
  // A flagged section shows only once the platform says its flag is on.
  const flags = usePlatformStatus().data?.featureFlags;
  // Admin shows only to admins (the page itself also says "not available" to anyone else).
  const isAdmin = useSession().data?.isAdmin === true;
  const sections = DASHBOARD_SECTIONS.filter((section) => {
    const flag = SECTION_FLAGS[section.key];
    return !flag || flags?.[flag] === true;
  }).filter((section) => section.key !== 'admin' || isAdmin);
  return (
    <ul className="space-y-1">
      {sections.map((section) => (
        <li key={section.key}>
          <NavLink
            to={section.to}
            end={section.to === DASHBOARD_PATHS.dashboard}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
              )
            }
          >
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className="size-5 shrink-0" aria-hidden="true">
              <path d={section.icon} />
            </svg>
            {section.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
