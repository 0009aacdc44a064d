import { DISCOUNT_MESSAGES, DiscountCodeTextSchema, type DiscountCode, type DiscountFields } from '@shopfront/core';
import { parseMoney, toMajorUnits } from '@shopfront/core/money';
import { z } from 'zod';

/** The form as typed: every number is text until it is checked. */
export interface DiscountFormValues {
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  /** '' for every product. */
  productId: string;
  /** `YYYY-MM-DD` (ends at the end of that day, the creator's time), or ''. */
  expiresOn: string;
  maxUses: string;
  maxUsesPerEmail: string;
  minPrice: string;
  active: boolean;
}

export const EMPTY_DISCOUNT: DiscountFormValues = {
  code: '',
  kind: 'percent',
  value: '',
  productId: '',
  expiresOn: '',
  maxUses: '',
  maxUsesPerEmail: '',
  minPrice: '',
  active: true,
};

const optionalCount = (message: string) =>
  z.string().trim().refine((text) => text === '' || (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= 1_000_000), { error: message });

/** The form's schema: the same messages as the server's contract, and the text turned into fields. */
export function discountFormSchema(currency: string) {
  const money = (text: string) => (text.trim() === '' ? 0 : parseMoney(text, currency));
  return z
    .object({
      code: DiscountCodeTextSchema,
      kind: z.enum(['percent', 'amount']),
      value: z.string().trim(),
      productId: z.string(),
      expiresOn: z.string().refine((text) => text === '' || endOfDay(text) > Date.now(), { error: DISCOUNT_MESSAGES.expiryPast }),
      maxUses: optionalCount(DISCOUNT_MESSAGES.usesInvalid),
      maxUsesPerEmail: optionalCount(DISCOUNT_MESSAGES.usesInvalid),
      minPrice: z.string().refine((text) => money(text) !== null, { error: 'Please enter a price, such as 5 or 4.99.' }),
      active: z.boolean(),
    })
    .superRefine((values, context) => {
      if (values.value === '') {
        context.addIssue({ code: 'custom', path: ['value'], message: values.kind === 'percent' ? DISCOUNT_MESSAGES.percentRequired : DISCOUNT_MESSAGES.amountRequired });
      } else if (values.kind === 'percent') {
        if (!/^\d+$/.test(values.value) || Number(values.value) < 1 || Number(values.value) > 100) {
          context.addIssue({ code: 'custom', path: ['value'], message: DISCOUNT_MESSAGES.percentInvalid });
        }
      } else if (!(Number(money(values.value)) > 0)) {
        context.addIssue({ code: 'custom', path: ['value'], message: DISCOUNT_MESSAGES.amountInvalid });
      }
    })
    .transform(
      (values): DiscountFields => ({
        code: values.code,
        kind: values.kind,
        value: values.kind === 'percent' ? Number(values.value) : money(values.value)!,
        productId: values.productId || null,
        expiresAt: values.expiresOn ? new Date(endOfDay(values.expiresOn)).toISOString() : null,
        maxUses: values.maxUses ? Number(values.maxUses) : null,
        maxUsesPerEmail: values.maxUsesPerEmail ? Number(values.maxUsesPerEmail) : null,
        minPriceCents: money(values.minPrice) ?? 0,
        active: values.active,
      }),
    );
}

/** The last millisecond of a calendar day in the browser's time zone. */
function endOfDay(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!, 23, 59, 59, 999).getTime();
}

function dayOf(iso: string): string {
  const when = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}`;
}

/** An existing code as the form shows it. */
export function discountToForm(code: DiscountCode): DiscountFormValues {
  return {
    code: code.code,
    kind: code.kind,
    value: code.kind === 'percent' ? String(code.value) : toMajorUnits(code.value, code.currency),
    productId: code.productId ?? '',
    expiresOn: code.expiresAt ? dayOf(code.expiresAt) : '',
    maxUses: code.maxUses === null ? '' : String(code.maxUses),
    maxUsesPerEmail: code.maxUsesPerEmail === null ? '' : String(code.maxUsesPerEmail),
    minPrice: code.minPriceCents ? toMajorUnits(code.minPriceCents, code.currency) : '',
    active: code.active,
  };
}
