import { zodResolver } from '@hookform/resolvers/zod';
import type { DiscountCode, DiscountFields, Product } from '@shopfront/core';
import { currencySymbol } from '@shopfront/core/money';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useSingleFlight } from '#src/lib/use-single-flight.ts';
import { useSaveDiscountCode } from '../api/discounts-api.ts';
import { discountFormSchema, discountToForm, EMPTY_DISCOUNT, type DiscountFormValues } from '../discount-form.ts';
import { FormErrorSummary } from './form-error-summary.tsx';

interface DiscountFormDialogProps {
  storeId: string;
  currency: string;
  products: Product[];
  /** The code being edited; null to create one. */
  editing: DiscountCode | null;
  open: boolean;
  onClose: () => void;
}

const selectClasses =
  'block min-h-11 w-full rounded-lg border-0 bg-white px-3 py-2 text-base text-slate-900 ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600 sm:text-sm';

/** "New discount code" and "Edit discount code": react-hook-form on the contract's messages. */
export function DiscountFormDialog({ storeId, currency, products, editing, open, onClose }: DiscountFormDialogProps) {
  const save = useSaveDiscountCode(storeId);
  const { register, handleSubmit, control, reset, formState, setFocus } = useForm<DiscountFormValues, unknown, DiscountFields>({
    resolver: zodResolver(discountFormSchema(currency)),
    values: editing ? discountToForm(editing) : EMPTY_DISCOUNT,
  });
  const flight = useSingleFlight();
  const isSubmitting = formState.isSubmitting || flight.running;
  const { errors } = formState;
  const kind = useWatch({ control, name: 'kind' });
  const symbol = currencySymbol(currency);
  const valueLabel = kind === 'percent' ? 'Percent off' : `Amount off (${symbol})`;
  const summaryFields = [
    { name: 'code', label: 'Code' },
    { name: 'value', label: valueLabel },
    { name: 'expiresOn', label: 'Expires after' },
    { name: 'maxUses', label: 'Total uses' },
    { name: 'maxUsesPerEmail', label: 'Uses per buyer' },
    { name: 'minPrice', label: 'Lowest price after discount' },
  ] as const;

  const close = () => {
    reset(EMPTY_DISCOUNT);
    save.reset();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} title={editing ? 'Edit discount code' : 'New discount code'} description="Buyers type the code at checkout, or open a link that applies it." dismissible={!isSubmitting}>
      <form
        noValidate
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          // One save at a time: a double click would create the code, then be refused as a duplicate.
          void flight.run(() =>
            handleSubmit(async (fields) => {
              try {
                const saved = await save.mutateAsync({ discountId: editing?.id, fields });
                toast.success(editing ? `${saved.code} was saved` : `${saved.code} was created`);
                close();
              } catch {
                // The Alert below shows the server's message.
              }
            })(event),
          );
        }}
      >
        {save.isError ? <Alert>{errorMessage(save.error)}</Alert> : null}
        <FormErrorSummary errors={errors} fields={summaryFields} submitted={formState.submitCount > 0} onFocus={(name) => setFocus(name)} />
        <TextField label="Code" autoComplete="off" autoCapitalize="characters" spellCheck={false} hint="Letters, digits, hyphens and underscores, 3 to 32." error={errors.code?.message} {...register('code')} />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Discount</legend>
          <div className="flex gap-4">
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input type="radio" value="percent" className="h-4 w-4 accent-brand-600" {...register('kind')} /> Percentage
            </label>
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input type="radio" value="amount" className="h-4 w-4 accent-brand-600" {...register('kind')} /> Fixed amount ({currency.toUpperCase()})
            </label>
          </div>
        </fieldset>
        <TextField
          label={valueLabel}
          inputMode={kind === 'percent' ? 'numeric' : 'decimal'}
          autoComplete="off"
          error={errors.value?.message}
          {...register('value')}
        />
        <div className="space-y-1.5">
          <label htmlFor="discount-product" className="block text-sm font-medium text-slate-800">
            Applies to
          </label>
          <select id="discount-product" className={selectClasses} {...register('productId')}>
            <option value="">Every product</option>
            {products.map((product) => (
              <option key={product.id} value={product.id}>
                {product.title}
              </option>
            ))}
          </select>
        </div>
        <TextField label="Expires after (optional)" type="date" hint="The code stops working at the end of this day." error={errors.expiresOn?.message} {...register('expiresOn')} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Total uses (optional)" inputMode="numeric" autoComplete="off" hint="Empty for unlimited." error={errors.maxUses?.message} {...register('maxUses')} />
          <TextField label="Uses per buyer (optional)" inputMode="numeric" autoComplete="off" hint="Counted by email." error={errors.maxUsesPerEmail?.message} {...register('maxUsesPerEmail')} />
        </div>
        <TextField
          label={`Lowest price after discount (${symbol}, optional)`}
          inputMode="decimal"
          autoComplete="off"
          hint="Never below your payment processor's minimum charge."
          error={errors.minPrice?.message}
          {...register('minPrice')}
        />
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
          <input type="checkbox" className="h-5 w-5 accent-brand-600" {...register('active')} /> Active
        </label>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? 'Saving…' : editing ? 'Save code' : 'Create code'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
