import { zodResolver } from '@hookform/resolvers/zod';
import { isDownloadType, PRODUCT_MESSAGES, type Product } from '@shopfront/core';
import { formatMoney, parseMoney, toMajorUnits } from '@shopfront/core/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
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
import { ProductChoice } from './product-choice.tsx';

interface BumpForm {
  bumpProductId: string;
  price: string;
}

/**
 * "Order bump": one add-on offered as a checkbox on this product's checkout, at its own lower price
 * (docs/selling.md "Order bumps"). Saved on its own; the server checks every rule again.
 */
export function OrderBumpCard({ product }: { product: Product | null }) {
  // Links sell nothing here, and a membership is joined by its own checkout: neither has a bump.
  if (!product || product.type === 'link' || product.type === 'membership' || product.type === 'call' || product.status === 'archived') return null;
  return <OrderBumpForm key={product.id} product={product} />;
}

function OrderBumpForm({ product }: { product: Product }) {
  const id = useId();
  const queryClient = useQueryClient();
  const list = useProducts(product.storeId);
  const candidates = (list.data?.products ?? []).filter((row) => row.id !== product.id && isDownloadType(row.type) && row.status === 'published');
  const schema = z
    .object({ bumpProductId: z.string(), price: z.string().trim() })
    .superRefine((value, ctx) => {
      if (!value.bumpProductId) return;
      const cents = parseMoney(value.price, product.currency);
      const bump = candidates.find((row) => row.id === value.bumpProductId);
      const message =
        !value.price || cents === null ? PRODUCT_MESSAGES.bumpPriceRequired : cents <= 0 ? PRODUCT_MESSAGES.bumpPriceTooLow : bump && cents >= bump.priceCents ? PRODUCT_MESSAGES.bumpPriceNotLower : null;
      if (message) ctx.addIssue({ code: 'custom', path: ['price'], message });
    });
  const form = useForm<BumpForm>({
    resolver: zodResolver(schema),
    defaultValues: {
      bumpProductId: product.bumpProductId ?? '',
      price: product.bumpPriceCents === null ? '' : toMajorUnits(product.bumpPriceCents, product.currency),
    },
  });
  const save = useMutation({
    mutationFn: (value: BumpForm) =>
      callFunction('updateProduct', {
        storeId: product.storeId,
        productId: product.id,
        bumpProductId: value.bumpProductId || null,
        bumpPriceCents: value.bumpProductId ? parseMoney(value.price, product.currency) : null,
      }),
    onSuccess: (saved) => {
      rememberProduct(queryClient, saved);
      form.reset({ bumpProductId: saved.bumpProductId ?? '', price: saved.bumpPriceCents === null ? '' : toMajorUnits(saved.bumpPriceCents, saved.currency) });
      toast.success(saved.bumpProductId ? 'Order bump saved.' : 'Order bump removed.');
    },
  });
  const chosenId = useWatch({ control: form.control, name: 'bumpProductId' });
  const chosen = candidates.find((row) => row.id === chosenId);
  const submit = form.handleSubmit((value) => save.mutate(value));

  return (
    <EditorCard title="Order bump" description="Offer one more download as a checkbox on this product’s checkout, at a lower price.">
      {list.isError ? <Alert>{errorMessage(list.error)}</Alert> : null}
      <ProductChoice id={`${id}-bump`} label="Add-on product" noneLabel="No order bump" pending={list.isPending} products={candidates} {...form.register('bumpProductId')} />
      {chosenId ? (
        <TextField
          label={`Bump price (${product.currency.toUpperCase()})`}
          inputMode="decimal"
          autoComplete="off"
          hint={chosen ? `Less than its usual ${formatMoney(chosen.priceCents, chosen.currency, { locale: 'en-US' })}.` : undefined}
          error={form.formState.errors.price?.message}
          {...form.register('price')}
          onKeyDown={(event) => {
            // The editor's own form would save the product on Enter; this card saves itself.
            if (event.key === 'Enter') {
              event.preventDefault();
              void submit();
            }
          }}
        />
      ) : null}
      {save.isError ? <Alert>{errorMessage(save.error)}</Alert> : null}
      <Button variant="secondary" onClick={() => void submit()} disabled={save.isPending || !form.formState.isDirty} aria-busy={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save order bump'}
      </Button>
    </EditorCard>
  );
}
