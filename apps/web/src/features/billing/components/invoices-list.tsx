import { Alert } from '#src/components/ui/alert.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useInvoices } from '../api/billing-api.ts';
import { dateText, money } from './billing-format.ts';

/** The provider's invoices, newest first, each with a download link. */
export function InvoicesList() {
  const invoices = useInvoices();
  if (invoices.isPending) return <Spinner label="Loading invoices" />;
  if (invoices.isError) {
    return (
      <Alert title="Invoices could not load">
        {errorMessage(invoices.error)}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void invoices.refetch()}>
          Try again
        </button>
      </Alert>
    );
  }
  const list = invoices.data.invoices;
  if (list.length === 0) return <p className="text-sm text-slate-600">No invoices yet. They appear here after your first payment.</p>;
  return (
    <ul className="divide-y divide-slate-100" aria-label="Invoices">
      {list.map((invoice) => (
        <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3 text-sm">
          <span className="min-w-0">
            <span className="block font-medium text-slate-900">{invoice.number ?? invoice.id}</span>
            <span className="block text-slate-500">{dateText(invoice.createdAt)}</span>
          </span>
          <span className="flex items-center gap-4">
            <span className="tabular-nums text-slate-900">{money(invoice.amountCents, invoice.currency)}</span>
            <span className={invoice.status === 'paid' ? 'text-emerald-700' : 'text-amber-700'}>{invoice.status === 'paid' ? 'Paid' : 'Unpaid'}</span>
            {invoice.downloadUrl ? (
              <a
                className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
                href={invoice.downloadUrl}
                download
                aria-label={`Download invoice ${invoice.number ?? invoice.id}`}
              >
                Download
              </a>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
