import type { ProductLayout } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { newId } from '../db/ids.ts';
import { productFiles, products, stores, type ProductRow } from '../db/schema/index.ts';
import type { Executor } from '../db/executor.ts';

export type SeedProductOptions = Partial<Omit<ProductRow, 'storeId'>> & { slug: string; files?: number };

/** A product written straight to the database (published $24 digital download unless told otherwise). */
export async function seedProduct(db: Executor, storeId: string, options: SeedProductOptions): Promise<ProductRow> {
  const { files = 0, ...fields } = options;
  const [row] = await db
    .insert(products)
    .values({
      id: newId('prd'),
      storeId,
      type: 'digital',
      title: options.slug,
      priceMode: 'fixed',
      priceCents: 2400,
      currency: 'usd',
      ctaLabel: 'Buy now',
      status: 'published',
      ...fields,
    })
    .returning();
  for (let index = 0; index < files; index += 1) {
    const id = newId('file');
    await db.insert(productFiles).values({
      id,
      productId: row!.id,
      storeId,
      name: `file-${index}.pdf`,
      sizeBytes: 1000,
      contentType: 'application/pdf',
      storageKey: `${storeId}/products/${id}`,
      sha256: '0'.repeat(64),
    });
  }
  return row!;
}

/** The published store's product layout, written straight to the row. */
export async function setProductLayout(db: Executor, storeId: string, layout: ProductLayout): Promise<void> {
  await db.update(stores).set({ productLayout: layout }).where(eq(stores.id, storeId));
}
