import { currencySymbol, type PriceMode } from '@shopfront/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { cn } from '#src/components/ui/cn.ts';
import { TextField } from '#src/components/ui/text-field.tsx';
import type { ProductFormValues } from '../lib/product-form.ts';

const MODES: { value: PriceMode; label: string; explanation: string }[] = [
  { value: 'fixed', label: 'Fixed price', explanation: 'Buyers pay the price you set.' },
  { value: 'free', label: 'Free', explanation: 'Anyone can get it with their name and email.' },
  { value: 'pay-what-you-want', label: 'Pay what you want', explanation: 'Buyers choose the amount, from your minimum.' },
];

/** A digital download's price: the mode, then the amounts it needs (typed in major units). */
export function PricingFields({ currency, modes = ['fixed', 'free', 'pay-what-you-want'] }: { currency: string; /** A call is fixed or free. */ modes?: readonly PriceMode[] }) {
  const { register, control, formState } = useFormContext<ProductFormValues>();
  const mode = useWatch({ control, name: 'priceMode' });
  const errors = formState.errors;
  const symbol = currencySymbol(currency);
  const money = { inputMode: 'decimal' as const, autoComplete: 'off', placeholder: '0.00' };

  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">How buyers pay</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {MODES.filter((option) => modes.includes(option.value)).map((option) => (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer gap-3 rounded-xl p-3 ring-1 ring-inset transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                mode === option.value ? 'bg-brand-50 ring-brand-500' : 'bg-white ring-slate-200 hover:bg-slate-50',
              )}
            >
              <input type="radio" value={option.value} className="mt-0.5 size-4 accent-brand-600" {...register('priceMode')} />
              <span>
                <span className="block text-sm font-semibold text-slate-900">{option.label}</span>
                <span className="block text-xs text-slate-600">{option.explanation}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {mode === 'fixed' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={`Price (${symbol})`} hint="At least 0.50." error={errors.price?.message} {...money} {...register('price')} />
          <TextField label={`Compare-at price (${symbol})`} hint="Optional: shown crossed out, higher than the price." error={errors.compareAt?.message} {...money} {...register('compareAt')} />
        </div>
      ) : null}
      {mode === 'pay-what-you-want' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={`Minimum price (${symbol})`} hint="0 lets buyers take it free; otherwise at least 0.50." error={errors.minPrice?.message} {...money} {...register('minPrice')} />
          <TextField label={`Suggested price (${symbol})`} hint="Optional: pre-filled for buyers." error={errors.price?.message} {...money} {...register('price')} />
          <TextField label={`Compare-at price (${symbol})`} hint="Optional: shown crossed out." error={errors.compareAt?.message} className="sm:col-span-2" {...money} {...register('compareAt')} />
        </div>
      ) : null}
      {mode === 'free' ? <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-600">Buyers get it free after entering their name and email.</p> : null}
      {errors.priceMode?.message ? <p className="text-sm font-medium text-red-600">{errors.priceMode.message}</p> : null}
    </div>
  );
}
