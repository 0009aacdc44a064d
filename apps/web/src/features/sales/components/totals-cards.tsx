import { formatMoney, type OrderTotals } from '@shopfront/core';

/** Revenue over the whole filtered range (not just the loaded page). */
export function TotalsCards({ totals }: { totals: OrderTotals }) {
  const cards = [
    { label: 'Gross revenue', value: formatMoney(totals.grossCents, totals.currency) },
    { label: 'Refunds', value: formatMoney(totals.refundedCents, totals.currency) },
    { label: 'Net revenue', value: formatMoney(totals.netCents, totals.currency) },
    { label: 'Orders', value: new Intl.NumberFormat().format(totals.count) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Revenue totals">
      {cards.map((card) => (
        <div key={card.label} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <dt className="text-sm font-medium text-slate-600">{card.label}</dt>
          <dd className="mt-1 text-xl font-bold tracking-tight text-slate-900 tabular-nums sm:text-2xl">{card.value}</dd>
        </div>
      ))}
    </dl>
  );
}
