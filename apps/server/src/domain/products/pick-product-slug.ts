import { AppError, PRODUCT_LIMITS, PRODUCT_MESSAGES, productSlugFromTitle } from '@shopfront/core';
import { and, eq, like, ne, or } from 'drizzle-orm';
import { products } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';

interface PickSlugOptions {
  storeId: string;
  title: string;
  /** Given by the creator: used as is, or refused when taken. */
  explicit?: string;
  /** The product being updated (its own slug is not a conflict). */
  productId?: string;
}

/**
 * A free slug within the store (archived products keep theirs: their URLs stay in receipts).
 * Run it under the store lock, so two creations cannot pick the same one; the unique index
 * still backs it.
 */
export async function pickProductSlug(db: Executor, options: PickSlugOptions): Promise<string> {
  const others = (condition: ReturnType<typeof eq>) =>
    db
      .select({ slug: products.slug })
      .from(products)
      .where(and(eq(products.storeId, options.storeId), condition, options.productId ? ne(products.id, options.productId) : undefined));
  if (options.explicit !== undefined) {
    const taken = await others(eq(products.slug, options.explicit));
    if (taken.length > 0) throw slugTaken();
    return options.explicit;
  }
  const base = productSlugFromTitle(options.title);
  const used = new Set(
    (await others(or(eq(products.slug, base), like(products.slug, `${base.slice(0, PRODUCT_LIMITS.slugMax - 5)}%`))!)).map(
      (row) => row.slug,
    ),
  );
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, PRODUCT_LIMITS.slugMax - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}

export function slugTaken(): AppError {
  return new AppError('already-exists', PRODUCT_MESSAGES.slugTaken, { formErrors: [], fieldErrors: { slug: [PRODUCT_MESSAGES.slugTaken] } });
}
