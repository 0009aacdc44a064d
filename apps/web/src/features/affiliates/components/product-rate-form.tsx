import { zodResolver } from '@hookform/resolvers/zod';
import type { AffiliateProgram } from '@shopfront/core';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '#src/components/ui/button.tsx';
import { cn } from '#src/components/ui/cn.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { useSetAffiliateProductRate } from '../api/affiliates-api.ts';
import { productRateFormSchema } from '../lib/form-schemas.ts';

type ProductRate = AffiliateProgram['products'][number];

const asText = (percent: number | null) => (percent === null ? '' : String(percent));

/** One product's override, saved on its own row (setAffiliateProductRate); empty goes back to the default. */
export function ProductRateForm({ storeId, product, defaultPercent }: { storeId: string; product: ProductRate; defaultPercent: number }) {
  const id = useId();
  const save = useSetAffiliateProductRate(storeId);
  const [result, setResult] = useState('');
  const { register, handleSubmit, reset, formState } = useForm<{ commissionPercent: string }, unknown, { commissionPercent: number | null }>({
    resolver: zodResolver(productRateFormSchema),
    defaultValues: { commissionPercent: asText(product.commissionPercent) },
  });
  const error = formState.errors.commissionPercent?.message ?? (save.isError ? errorMessage(save.error) : undefined);

  const submit = handleSubmit(async ({ commissionPercent }) => {
    setResult('');
    try {
      await save.mutateAsync({ productId: product.productId, commissionPercent });
      reset({ commissionPercent: asText(commissionPercent) });
      setResult(commissionPercent === null ? 'Saved: the default applies.' : `Saved: ${commissionPercent}%.`);
    } catch {
      // Shown under the field.
    }
  });

  return (
    <form noValidate onSubmit={submit} className="min-w-56 space-y-1 whitespace-normal">
      <div className="flex items-center gap-2">
        <input
          aria-label={`Own commission for ${product.title} (%)`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          inputMode="numeric"
          autoComplete="off"
          placeholder={`${defaultPercent} (default)`}
          className={cn(
            'block min-h-11 w-28 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0 sm:text-sm',
            error ? 'border-red-500 focus:outline-red-500' : 'border-slate-300 focus:outline-brand-600',
          )}
          {...register('commissionPercent')}
        />
        <Button type="submit" variant="secondary" disabled={formState.isSubmitting} aria-busy={formState.isSubmitting} aria-label={`Save the commission for ${product.title}`}>
          {formState.isSubmitting ? 'Saving…' : 'Save'}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="max-w-64 text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
      <p role="status" className="text-sm text-emerald-700">
        {result}
      </p>
    </form>
  );
}
