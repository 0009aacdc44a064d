import type { MyMembershipInvoice } from '@shopfront/core';
import { formatDay, money } from '../lib/member-format.ts';

/** The membership's charges, newest first, folded away until asked for. */
export function InvoiceList({ invoices }: { invoices: MyMembershipInvoice[] }) {
  if (invoices.length === 0) return null;
  return (
    <details className="mt-4 text-sm">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold text-slate-800">Invoices ({invoices.length})</summary>
      <ul className="divide-y divide-slate-100" aria-label="Invoices">
        {invoices.map((invoice) => (
          <li key={invoice.id} className="flex flex-wrap justify-between gap-2 py-2">
            <span>
              {formatDay(invoice.createdAt)} · {invoice.kind === 'proration' ? 'Tier change' : `${formatDay(invoice.periodStart)} – ${formatDay(invoice.periodEnd)}`}
            </span>
            <span className="tabular-nums">
              {money(invoice.amountCents, invoice.currency)} {invoice.status === 'failed' ? <span className="font-medium text-red-700">Failed</span> : <span className="text-slate-600">Paid</span>}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
