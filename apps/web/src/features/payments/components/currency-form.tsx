import { isStripeCurrency, STRIPE_CURRENCIES } from '@shopfront/core';
import { useId, useMemo, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { toast } from '#src/lib/toast.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { useUpdateCurrency } from '../api/payments-api.ts';

/**
 * Every currency a store can charge in ("AUD — Australian dollar"). A store whose currency is not
 * one of them (set before the list was narrowed to Stripe's) still sees its own, selected, named
 * by Intl where the runtime knows it, and never as a bare code.
 */
function currencyOptions(current: string): { code: string; label: string }[] {
  const options = STRIPE_CURRENCIES.map(({ code, name }) => ({ code, label: `${code} — ${name}` }));
  if (options.some((option) => option.code === current)) return options;
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames(['en'], { type: 'currency' }).of(current);
  } catch {
    name = undefined;
  }
  const label = `${current} — ${name && name !== current ? name : 'this store’s currency'} (not supported for payments)`;
  return [{ code: current, label }, ...options];
}

/** The store currency: new products and checkouts use it; existing ones keep theirs. */
export function CurrencyForm({ storeId, current }: { storeId: string; current: string }) {
  const [currency, setCurrency] = useState(current);
  const save = useUpdateCurrency(storeId);
  const options = useMemo(() => currencyOptions(current), [current]);
  const id = useId();
  const error = save.isError ? errorMessage(save.error) : null;

  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (currency !== current) save.mutate(currency, { onSuccess: (result) => toast.success(`Store currency set to ${result.currency}`) });
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Store currency
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <select
          id={id}
          value={currency}
          onChange={(event) => setCurrency(event.target.value)}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-brand-600 sm:text-sm"
        >
          {options.map((option) => (
            <option key={option.code} value={option.code}>
              {option.label}
            </option>
          ))}
        </select>
        <Button type="submit" disabled={currency === current || save.isPending} aria-busy={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save currency'}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        Used for new products and checkouts. Existing products and past orders keep their currency.
        {isStripeCurrency(current) ? null : ` Payments cannot be taken in ${current}: choose a supported currency.`}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </form>
  );
}
