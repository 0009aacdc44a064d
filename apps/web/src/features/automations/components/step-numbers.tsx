import { formatMoney, type AutomationStepType } from '@shopfront/core';
import { formatCount, percentOf, type StepNumbers as Numbers } from '../lib/step-stats.ts';

/**
 * A step's numbers: entered and waiting for every step; sent, opened, clicked and revenue for
 * emails. Revenue (orders within 7 days of a click) shows once the server counts it.
 */
export function StepNumbers({ type, numbers, currency, label }: { type: AutomationStepType; numbers: Numbers | undefined; currency: string; label: string }) {
  if (!numbers) return <p className="text-xs text-slate-500">Numbers appear once the step is saved and contacts reach it.</p>;
  const items: { term: string; value: string; note?: string | null }[] = [
    { term: 'Entered', value: formatCount(numbers.entered) },
    { term: 'Waiting', value: formatCount(numbers.waiting) },
  ];
  if (type === 'email') {
    items.push(
      { term: 'Sent', value: formatCount(numbers.sent) },
      { term: 'Opened', value: formatCount(numbers.opened), note: percentOf(numbers.opened, numbers.sent) },
      { term: 'Clicked', value: formatCount(numbers.clicked), note: percentOf(numbers.clicked, numbers.sent) },
      { term: 'Revenue', value: typeof numbers.revenue === 'number' ? formatMoney(numbers.revenue, currency) : '—', note: typeof numbers.revenue === 'number' ? null : 'not counted yet' },
    );
  }
  return (
    <dl aria-label={label} className="grid grid-cols-3 gap-x-3 gap-y-2 rounded-lg bg-slate-50 px-3 py-2 text-sm sm:flex sm:flex-wrap sm:gap-x-6">
      {items.map((item) => (
        <div key={item.term} className="min-w-0">
          <dt className="text-xs text-slate-500">{item.term}</dt>
          <dd className="font-semibold tabular-nums text-slate-900">
            {item.value}
            {item.note ? <span className="ml-1 text-xs font-normal text-slate-500">{item.note}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
