import { DOWNSELL_MESSAGES, type Product } from '@shopfront/core';
import { formatMoney, parseMoney } from '@shopfront/core/money';
import type { KeyboardEvent } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { TextField } from '#src/components/ui/text-field.tsx';
import { ProductChoice } from './product-choice.tsx';

/** The after-purchase card's form: the upsell and the offer made instead when it is declined. */
export interface UpsellForm {
  upsellProductId: string;
  price: string;
  headline: string;
  downsellProductId: string;
  downsellPrice: string;
  downsellHeadline: string;
}

/**
 * The downsell's price problem the server would answer, said before sending: required, above 0, at
 * most its normal price, and below the upsell's special price when it is the same product.
 */
export function downsellPriceIssue(value: UpsellForm, candidates: Product[], currency: string): string | null {
  if (!value.upsellProductId || !value.downsellProductId) return null;
  const cents = parseMoney(value.downsellPrice, currency);
  const offered = candidates.find((row) => row.id === value.downsellProductId);
  if (!value.downsellPrice || cents === null) return DOWNSELL_MESSAGES.priceRequired;
  if (cents <= 0) return DOWNSELL_MESSAGES.priceTooLow;
  if (offered && cents > offered.priceCents) return DOWNSELL_MESSAGES.priceTooHigh;
  const upsellCents = parseMoney(value.price, currency);
  if (value.downsellProductId === value.upsellProductId && upsellCents !== null && cents >= upsellCents) return DOWNSELL_MESSAGES.notBelowUpsell;
  return null;
}

/**
 * "If they decline, offer instead": optional, shown once an upsell is chosen (decision 045,
 * "Downsell"). Any product the upsell could offer, the upsell's own one included at a lower price.
 */
export function DownsellFields({ id, form, candidates, pending, currency, onEnter }: {
  id: string;
  form: UseFormReturn<UpsellForm>;
  candidates: Product[];
  pending: boolean;
  currency: string;
  onEnter: (event: KeyboardEvent) => void;
}) {
  const [chosenId, upsellId] = useWatch({ control: form.control, name: ['downsellProductId', 'upsellProductId'] });
  const chosen = candidates.find((row) => row.id === chosenId);
  const errors = form.formState.errors;
  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">If they decline, offer instead</legend>
      <ProductChoice id={`${id}-downsell`} label="Product to offer instead" noneLabel="Nothing else" pending={pending} products={candidates} {...form.register('downsellProductId')} />
      {chosenId ? (
        <>
          <TextField
            label={`Its special price (${currency.toUpperCase()})`}
            inputMode="decimal"
            autoComplete="off"
            hint={chosen ? `At most its normal ${formatMoney(chosen.priceCents, chosen.currency, { locale: 'en-US' })}${chosen.id === upsellId ? ', and below the first offer’s price' : ''}.` : undefined}
            error={errors.downsellPrice?.message}
            {...form.register('downsellPrice')}
            onKeyDown={onEnter}
          />
          <TextField
            label="Its headline (optional)"
            autoComplete="off"
            placeholder="No problem — how about this instead?"
            error={errors.downsellHeadline?.message}
            {...form.register('downsellHeadline')}
            onKeyDown={onEnter}
          />
        </>
      ) : null}
    </fieldset>
  );
}
