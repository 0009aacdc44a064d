import { zodResolver } from '@hookform/resolvers/zod';
import { DOWNSELL_MESSAGES, isBundleableType, UPSELL_LIMITS, UPSELL_MESSAGES, type Product } from '@shopfront/core';
import { formatMoney, parseMoney, toMajorUnits } from '@shopfront/core/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, type KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { callFunction } from '#src/lib/call-function.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { rememberProduct, useProducts } from '../api/products-api.ts';
import { EditorCard } from './editor-card.tsx';
import { DownsellFields, downsellPriceIssue, type UpsellForm } from './downsell-fields.tsx';
import { ProductChoice } from './product-choice.tsx';

const formOf = (product: Product): UpsellForm => ({
  upsellProductId: product.upsellProductId ?? '',
  price: product.upsellPriceCents === null ? '' : toMajorUnits(product.upsellPriceCents, product.currency),
  headline: product.upsellHeadline ?? '',
  downsellProductId: product.downsellProductId ?? '',
  downsellPrice: product.downsellPriceCents === null ? '' : toMajorUnits(product.downsellPriceCents, product.currency),
  downsellHeadline: product.downsellHeadline ?? '',
});

/**
 * "After purchase, offer": one more product on the thank-you page, bought with one click at a
 * special price on the card the buyer just used, and optionally another offered instead when it
 * is declined (decision 045). Saved on its own; the server checks every rule again.
 */
export function UpsellOfferCard({ product }: { product: Product | null }) {
  // Only a product bought at checkout has a thank-you page to offer it on.
  if (!product || product.type === 'link' || product.type === 'membership' || product.status === 'archived') return null;
  return <UpsellOfferForm key={product.id} product={product} />;
}

function UpsellOfferForm({ product }: { product: Product }) {
  const id = useId();
  const queryClient = useQueryClient();
  const list = useProducts(product.storeId);
  const candidates = (list.data?.products ?? []).filter(
    (row) => row.id !== product.id && isBundleableType(row.type) && row.status === 'published' && row.priceMode !== 'free' && row.priceCents > 0,
  );
  const schema = z
    .object({
      upsellProductId: z.string(),
      price: z.string().trim(),
      headline: z.string().trim().max(UPSELL_LIMITS.headlineMax, UPSELL_MESSAGES.headlineTooLong),
      downsellProductId: z.string(),
      downsellPrice: z.string().trim(),
      downsellHeadline: z.string().trim().max(UPSELL_LIMITS.headlineMax, DOWNSELL_MESSAGES.headlineTooLong),
    })
    .superRefine((value, ctx) => {
      const downsellIssue = downsellPriceIssue(value, candidates, product.currency);
      if (downsellIssue) ctx.addIssue({ code: 'custom', path: ['downsellPrice'], message: downsellIssue });
      if (!value.upsellProductId) return;
      const cents = parseMoney(value.price, product.currency);
      const offered = candidates.find((row) => row.id === value.upsellProductId);
      const message =
        !value.price || cents === null ? UPSELL_MESSAGES.priceRequired : cents <= 0 ? UPSELL_MESSAGES.priceTooLow : offered && cents > offered.priceCents ? UPSELL_MESSAGES.priceTooHigh : null;
      if (message) ctx.addIssue({ code: 'custom', path: ['price'], message });
    });
  const form = useForm<UpsellForm>({ resolver: zodResolver(schema), defaultValues: formOf(product) });
  const save = useMutation({
    mutationFn: (value: UpsellForm) =>
      callFunction('updateProduct', {
        storeId: product.storeId,
        productId: product.id,
        upsellProductId: value.upsellProductId || null,
        upsellPriceCents: value.upsellProductId ? parseMoney(value.price, product.currency) : null,
        upsellHeadline: value.upsellProductId && value.headline.trim() ? value.headline.trim() : null,
        ...downsellOf(value, product.currency),
      }),
    onSuccess: (saved) => {
      rememberProduct(queryClient, saved);
      form.reset(formOf(saved));
      toast.success(saved.upsellProductId ? 'After-purchase offer saved.' : 'After-purchase offer removed.');
    },
  });
  const chosenId = useWatch({ control: form.control, name: 'upsellProductId' });
  const chosen = candidates.find((row) => row.id === chosenId);
  const submit = form.handleSubmit((value) => save.mutate(value));
  // The editor's own form would save the product on Enter; this card saves itself.
  const saveOnEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <EditorCard title="After purchase, offer" description="Offer one more product on the thank-you page: one click buys it at a special price with the card just used.">
      {list.isError ? <Alert>{errorMessage(list.error)}</Alert> : null}
      <ProductChoice id={`${id}-upsell`} label="Product to offer" noneLabel="No after-purchase offer" pending={list.isPending} products={candidates} {...form.register('upsellProductId')} />
      {chosenId ? (
        <>
          <TextField
            label={`Special price (${product.currency.toUpperCase()})`}
            inputMode="decimal"
            autoComplete="off"
            hint={chosen ? `At most its normal ${formatMoney(chosen.priceCents, chosen.currency, { locale: 'en-US' })}.` : undefined}
            error={form.formState.errors.price?.message}
            {...form.register('price')}
            onKeyDown={saveOnEnter}
          />
          <TextField label="Headline (optional)" autoComplete="off" placeholder="Wait — add this to your order?" error={form.formState.errors.headline?.message} {...form.register('headline')} onKeyDown={saveOnEnter} />
          <DownsellFields id={id} form={form} candidates={candidates} pending={list.isPending} currency={product.currency} onEnter={saveOnEnter} />
        </>
      ) : null}
      {save.isError ? <Alert>{errorMessage(save.error)}</Alert> : null}
      <Button variant="secondary" onClick={() => void submit()} disabled={save.isPending || !form.formState.isDirty} aria-busy={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save offer'}
      </Button>
    </EditorCard>
  );
}

/** The downsell as sent: removed with the upsell or when none is chosen. */
function downsellOf(value: UpsellForm, currency: string) {
  const id = value.upsellProductId ? value.downsellProductId : '';
  return {
    downsellProductId: id || null,
    downsellPriceCents: id ? parseMoney(value.downsellPrice, currency) : null,
    downsellHeadline: id && value.downsellHeadline.trim() ? value.downsellHeadline.trim() : null,
  };
}
