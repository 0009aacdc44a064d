import { zodResolver } from '@hookform/resolvers/zod';
import { PAYMENT_PLAN_LIMITS, PAYMENT_PLAN_MESSAGES as M, paymentPlanIssue, paymentPlanText, planInstalmentAmount, type Product } from '@shopfront/core';
import { parseMoney, toMajorUnits } from '@shopfront/core/money';
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
import { rememberProduct } from '../api/products-api.ts';
import { EditorCard } from './editor-card.tsx';

interface PlanForm {
  instalments: string;
  amount: string;
}

const COUNTS = Array.from({ length: PAYMENT_PLAN_LIMITS.maxInstalments - PAYMENT_PLAN_LIMITS.minInstalments + 1 }, (_, index) => index + PAYMENT_PLAN_LIMITS.minInstalments);

const formOf = (product: Product): PlanForm => ({
  instalments: product.planInstalments === null ? '' : String(product.planInstalments),
  amount: product.planInstalmentCents === null ? '' : toMajorUnits(product.planInstalmentCents, product.currency),
});

/**
 * "Payment plan": the product is also sold in 2–12 monthly instalments (decision 047), the first
 * charged at checkout. The amount is optional (the price divided by N, rounded up). Saved on its
 * own; the rules are core's (paymentPlanIssue), checked here before sending and again by the server.
 */
export function PaymentPlanCard({ product }: { product: Product | null }) {
  if (!product || !(PAYMENT_PLAN_LIMITS.types as readonly string[]).includes(product.type) || product.status === 'archived') return null;
  return <PaymentPlanForm key={`${product.id}:${product.priceCents}:${product.priceMode}`} product={product} />;
}

function PaymentPlanForm({ product }: { product: Product }) {
  const id = useId();
  const queryClient = useQueryClient();
  const setting = (value: PlanForm) => ({
    planInstalments: value.instalments ? Number(value.instalments) : null,
    planInstalmentCents: value.instalments && value.amount.trim() ? parseMoney(value.amount, product.currency) : null,
  });
  const schema = z.object({ instalments: z.string(), amount: z.string().trim() }).superRefine((value, ctx) => {
    if (!value.instalments) return;
    if (value.amount && parseMoney(value.amount, product.currency) === null) return ctx.addIssue({ code: 'custom', path: ['amount'], message: M.instalmentTooLow });
    const issue = paymentPlanIssue({ ...product, ...setting(value) });
    if (issue) ctx.addIssue({ code: 'custom', path: [issue.path === 'planInstalments' ? 'instalments' : 'amount'], message: issue.message });
  });
  const form = useForm<PlanForm>({ resolver: zodResolver(schema), defaultValues: formOf(product) });
  const save = useMutation({
    mutationFn: (value: PlanForm) => callFunction('updateProduct', { storeId: product.storeId, productId: product.id, ...setting(value) }),
    onSuccess: (saved) => {
      rememberProduct(queryClient, saved);
      form.reset(formOf(saved));
      toast.success(saved.planInstalments ? 'Payment plan saved.' : 'Payment plan removed.');
    },
  });
  const [instalments, amount] = useWatch({ control: form.control, name: ['instalments', 'amount'] });
  const planned = setting({ instalments, amount });
  const preview =
    planned.planInstalments !== null && !paymentPlanIssue({ ...product, ...planned })
      ? paymentPlanText(planned.planInstalments, planInstalmentAmount({ ...product, ...planned }, planned.planInstalments), product.currency, 'en-US')
      : null;
  const submit = form.handleSubmit((value) => save.mutate(value));
  const saveOnEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void submit();
    }
  };
  const fixed = product.priceMode === 'fixed' && product.priceCents > 0;

  return (
    <EditorCard title="Payment plan" description="Also sell it in monthly instalments: access starts at the first payment. No discount codes or order bump with a plan.">
      {fixed ? null : <p className="text-sm text-slate-600">{M.notFixedPrice}.</p>}
      <div className="space-y-1.5">
        <label htmlFor={`${id}-count`} className="block text-sm font-medium text-slate-800">
          Instalments
        </label>
        <select id={`${id}-count`} className="min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-sm" disabled={!fixed} aria-invalid={form.formState.errors.instalments ? true : undefined} {...form.register('instalments')}>
          <option value="">No payment plan</option>
          {COUNTS.map((count) => (
            <option key={count} value={String(count)}>
              {count} monthly payments
            </option>
          ))}
        </select>
        {form.formState.errors.instalments ? <p className="text-sm text-red-700">{form.formState.errors.instalments.message}</p> : null}
      </div>
      {instalments ? (
        <TextField
          label={`Each instalment (${product.currency.toUpperCase()}, optional)`}
          inputMode="decimal"
          autoComplete="off"
          hint={preview ? `Buyers see “${preview}”.` : 'Leave empty to divide the price evenly.'}
          error={form.formState.errors.amount?.message}
          {...form.register('amount')}
          onKeyDown={saveOnEnter}
        />
      ) : null}
      {save.isError ? <Alert>{errorMessage(save.error)}</Alert> : null}
      <Button variant="secondary" onClick={() => void submit()} disabled={save.isPending || !form.formState.isDirty} aria-busy={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save plan'}
      </Button>
    </EditorCard>
  );
}
