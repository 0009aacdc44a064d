import { type Customer, formatMoney } from '@shopfront/core';
import { Link } from 'react-router';
import { TableScroller } from '#src/components/ui/table-scroller.tsx';
import { formatDate } from '../format.ts';

/** Where a customer's detail opens: `?customer=<id>` on this page, so it can be linked and goes Back. */
export function customerDetailSearch(customerId: string): string {
  return `?${new URLSearchParams({ customer: customerId }).toString()}`;
}

export function MemberBadge() {
  return <span className="inline-flex items-center rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-inset ring-emerald-200">Member</span>;
}

/** Who opted out of marketing email (campaign link or members area); only they can opt back in. */
export function UnsubscribedBadge({ at }: { at: string }) {
  return (
    <span
      title={`Unsubscribed ${formatDate(at)}`}
      className="inline-flex items-center rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-inset ring-amber-200"
    >
      Unsubscribed
    </span>
  );
}

function Badges({ customer }: { customer: Customer }) {
  return (
    <>
      {customer.hasAccount ? <MemberBadge /> : null}
      {customer.unsubscribedAt ? <UnsubscribedBadge at={customer.unsubscribedAt} /> : null}
    </>
  );
}

export function TagChips({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
          {tag}
        </li>
      ))}
    </ul>
  );
}

function NameLink({ customer }: { customer: Customer }) {
  return (
    <Link to={{ search: customerDetailSearch(customer.id) }} className="font-semibold text-slate-900 underline-offset-2 hover:text-brand-700 hover:underline">
      {customer.name || customer.email}
    </Link>
  );
}

/** A table from `md` up, stacked cards on phones (both from the same rows). */
export function CustomerRows({ customers, currency }: { customers: Customer[]; currency: string }) {
  return (
    <>
      <TableScroller label="Customers" className="hidden overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 md:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="px-4 py-3">Customer</th>
              <th scope="col" className="px-4 py-3 text-right">Orders</th>
              <th scope="col" className="px-4 py-3 text-right">Lifetime value</th>
              <th scope="col" className="px-4 py-3">Last order</th>
              <th scope="col" className="px-4 py-3">Tags</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {customers.map((customer) => (
              <tr key={customer.id} data-testid="customer-row" className="align-top">
                <td className="px-4 py-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <NameLink customer={customer} />
                    <Badges customer={customer} />
                  </div>
                  <p className="break-all text-slate-500">{customer.email}</p>
                </td>
                <td className="px-4 py-3 text-right tabular-nums">{customer.orderCount}</td>
                <td className="px-4 py-3 text-right tabular-nums">{formatMoney(customer.lifetimeValueCents, currency)}</td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-600">{formatDate(customer.lastOrderAt)}</td>
                <td className="px-4 py-3">
                  <TagChips tags={customer.tags} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      <ul className="space-y-3 md:hidden" aria-label="Customers">
        {customers.map((customer) => (
          <li key={customer.id} data-testid="customer-card" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <div className="flex flex-wrap items-center gap-2">
              <NameLink customer={customer} />
              <Badges customer={customer} />
            </div>
            <p className="break-all text-sm text-slate-500">{customer.email}</p>
            <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-xs text-slate-500">Orders</dt>
                <dd className="font-medium tabular-nums">{customer.orderCount}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Lifetime value</dt>
                <dd className="font-medium tabular-nums">{formatMoney(customer.lifetimeValueCents, currency)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Last order</dt>
                <dd className="font-medium">{formatDate(customer.lastOrderAt)}</dd>
              </div>
            </dl>
            <div className="mt-3">
              <TagChips tags={customer.tags} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

export function CustomerRowsSkeleton() {
  return (
    <div role="status" aria-busy="true" className="space-y-3">
      <span className="sr-only">Loading customers</span>
      {[0, 1, 2, 3].map((row) => (
        <div key={row} aria-hidden="true" className="flex animate-pulse items-center gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
          <div className="flex-1 space-y-2">
            <div className="h-4 w-40 rounded bg-slate-200" />
            <div className="h-3 w-56 rounded bg-slate-100" />
          </div>
          <div className="hidden h-4 w-16 rounded bg-slate-100 sm:block" />
        </div>
      ))}
    </div>
  );
}
