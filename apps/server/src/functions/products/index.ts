import type { HandlerRegistry } from '../types.ts';
import { createProduct } from './create-product.ts';
import { deleteProductFile } from './delete-product-file.ts';
import { deleteProduct } from './delete-product.ts';
import { getProduct } from './get-product.ts';
import { listProducts } from './list-products.ts';
import { reorderProducts } from './reorder-products.ts';
import { updateProduct } from './update-product.ts';

/** The products handlers; ../index.ts spreads them into the registry. */
export const productHandlers = {
  createProduct,
  updateProduct,
  deleteProduct,
  getProduct,
  listProducts,
  reorderProducts,
  deleteProductFile,
} satisfies Partial<HandlerRegistry>;
