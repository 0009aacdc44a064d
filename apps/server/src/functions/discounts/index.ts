import type { HandlerRegistry } from '../types.ts';
import { createDiscountCode } from './create-discount-code.ts';
import { deleteDiscountCode } from './delete-discount-code.ts';
import { listDiscountCodes } from './list-discount-codes.ts';
import { previewDiscount } from './preview-discount.ts';
import { updateDiscountCode } from './update-discount-code.ts';

/** The discount-code handlers; ../index.ts spreads them into the registry. */
export const discountHandlers = {
  listDiscountCodes,
  createDiscountCode,
  updateDiscountCode,
  deleteDiscountCode,
  previewDiscount,
} satisfies Partial<HandlerRegistry>;
