import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '#src/components/ui/button.tsx';

export interface MembershipOption {
  id: string;
  title: string;
}

/**
 * A membership page's body: which membership (`?product=<id>`, the first when none or an unknown
 * one is named), chosen from a list when there are several, then `children` for it. With no
 * membership yet, the way to make one (`emptyText` says what the page would show).
 */
export function MembershipChooser({
  memberships,
  newMembershipHref,
  emptyText,
  children,
}: {
  memberships: MembershipOption[];
  newMembershipHref: string;
  emptyText: string;
  children: (chosen: MembershipOption) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  if (memberships.length === 0) {
    return (
      <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
        <h2 className="text-lg font-semibold text-slate-900">No memberships yet</h2>
        <p className="mt-1 text-sm text-slate-600">{emptyText}</p>
        <Link to={newMembershipHref} className={buttonClasses('primary', 'mt-5')}>
          Create a membership
        </Link>
      </div>
    );
  }
  const chosen = memberships.find((membership) => membership.id === params.get('product')) ?? memberships[0]!;
  return (
    <div className="space-y-5">
      {memberships.length > 1 ? (
        <div className="max-w-sm">
          <label htmlFor="membership-choice" className="mb-1 block text-sm font-medium text-slate-700">
            Membership
          </label>
          <select
            id="membership-choice"
            value={chosen.id}
            onChange={(event) => setParams({ product: event.target.value }, { replace: true })}
            className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:outline-2 focus:outline-brand-600 sm:text-sm"
          >
            {memberships.map((membership) => (
              <option key={membership.id} value={membership.id}>
                {membership.title}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <h2 className="text-lg font-semibold text-slate-900">{chosen.title}</h2>
      )}
      {children(chosen)}
    </div>
  );
}
