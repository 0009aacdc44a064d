import { zodResolver } from '@hookform/resolvers/zod';
import { formatMoney, PLANS, type FunctionOutput } from '@shopfront/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { TableScroller } from '#src/components/ui/table-scroller.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { usePlanPrices, useSetPlanPrice } from '../api/plan-prices-api.ts';
import { formatAdminTime } from '../lib/format-admin-time.ts';

type PlanPrice = FunctionOutput<'getPlanPrices'>['prices'][number];

const usd = (cents: number) => formatMoney(cents, 'USD', { locale: 'en' });
const dollars = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Enter an amount in dollars, like 29 or 29.50')
  .refine((value) => Number(value) >= 1, 'At least $1.00');
const formSchema = z.object({ monthly: dollars, yearly: dollars, reason: z.string().trim().min(1, 'Say why the price changes').max(500) });
type FormValues = z.input<typeof formSchema>;
const toCents = (value: string) => Math.round(Number(value) * 100);

/**
 * Admin › Plans: the prices NEW subscriptions to each paid plan start at. A subscription keeps
 * the price it started with. Every change asks for a reason and is in the audit log.
 */
export function PlanPricesPanel() {
  const prices = usePlanPrices();
  const [editing, setEditing] = useState<PlanPrice | null>(null);
  if (prices.isPending) return <Spinner label="Loading plan prices" />;
  if (prices.isError) {
    return (
      <Alert title="Plan prices could not be loaded">
        <p>{errorMessage(prices.error)}</p>
        <Button variant="secondary" className="mt-2" onClick={() => void prices.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    <section aria-labelledby="plan-prices-title" className="space-y-4">
      <div>
        <h2 id="plan-prices-title" className="text-base font-semibold text-slate-900">
          Plan prices
        </h2>
        <p className="mt-1 text-sm text-slate-600">A change applies to new subscriptions only; existing ones keep the price they started with.</p>
      </div>
      <TableScroller label="Plan prices" className="rounded-2xl bg-white ring-1 ring-slate-200">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">Plan</th>
              <th scope="col" className="px-4 py-3 font-medium">Monthly</th>
              <th scope="col" className="px-4 py-3 font-medium">Yearly</th>
              <th scope="col" className="px-4 py-3 font-medium">Last changed</th>
              <th scope="col" className="px-4 py-3"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {prices.data.prices.map((price) => (
              <tr key={price.planId}>
                <th scope="row" className="px-4 py-3 font-medium text-slate-900">{PLANS[price.planId].name}</th>
                <td className="px-4 py-3 tabular-nums">{usd(price.monthlyCents)}</td>
                <td className="px-4 py-3 tabular-nums">{usd(price.yearlyCents)}</td>
                <td className="px-4 py-3 text-slate-600">{price.updatedAt ? formatAdminTime(price.updatedAt) : 'Default'}</td>
                <td className="px-4 py-3 text-right">
                  <Button variant="secondary" aria-label={`Edit ${PLANS[price.planId].name} prices`} onClick={() => setEditing(price)}>
                    Edit
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      {editing ? <PriceDialog price={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

function PriceDialog({ price, onClose }: { price: PlanPrice; onClose: () => void }) {
  const save = useSetPlanPrice();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { monthly: (price.monthlyCents / 100).toString(), yearly: (price.yearlyCents / 100).toString(), reason: '' },
  });
  const errors = form.formState.errors;
  return (
    <Dialog open onClose={onClose} title={`${PLANS[price.planId].name} prices`} description="For new subscriptions only." dismissible={!save.isPending}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit((values) =>
          save.mutate(
            { planId: price.planId, monthlyCents: toCents(values.monthly), yearlyCents: toCents(values.yearly), reason: values.reason.trim() },
            { onSuccess: onClose },
          ),
        )}
      >
        <TextField label="Monthly price (USD)" inputMode="decimal" {...form.register('monthly')} error={errors.monthly?.message} />
        <TextField label="Yearly price (USD)" inputMode="decimal" {...form.register('yearly')} error={errors.yearly?.message} />
        <TextField label="Reason" {...form.register('reason')} error={errors.reason?.message} />
        {save.isError ? <Alert>{errorMessage(save.error)}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save prices'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
