import { canonicalProductUrl } from '@shopfront/core';
import { formatMoney } from '@shopfront/core/money';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { products, stores, type ProductRow } from '#src/db/schema/index.ts';
import type { CampaignProduct } from './types.ts';

/** Whole amounts without decimals, in a fixed locale, like the storefront's cards. */
const money = (cents: number, currency: string) => formatMoney(cents, currency, { locale: 'en-US', trimWhole: true });

function priceLabel(row: Pick<ProductRow, 'type' | 'priceMode' | 'priceCents' | 'minPriceCents' | 'currency'>): string | null {
  if (row.type === 'link') return null;
  if (row.priceMode === 'free' || (row.priceMode === 'fixed' && row.priceCents === 0)) return 'Free';
  if (row.priceMode === 'pay-what-you-want') return row.minPriceCents > 0 ? `From ${money(row.minPriceCents, row.currency)}` : 'Pay what you want';
  return money(row.priceCents, row.currency);
}

/** A stored cover is a path on this server (`/files/…`); an email needs it absolute. */
function absolute(url: string | null, publicUrl: string): string | null {
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return url;
  return url.startsWith('/') ? `${publicUrl.replace(/\/+$/, '')}${url}` : null;
}

/**
 * The product cards' data for a campaign of `storeId`: only that store's products that are not
 * archived; any other id (another store's, deleted, unknown) is simply absent from the map, so
 * the caller treats foreign and missing products alike. Drafts are included with `published: false`.
 */
export async function loadCampaignProducts(
  db: Executor,
  storeId: string,
  productIds: readonly string[],
  options: { publicUrl: string },
): Promise<Map<string, CampaignProduct>> {
  const ids = [...new Set(productIds)];
  const found = new Map<string, CampaignProduct>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({ product: products, store: { slug: stores.slug, customDomain: stores.customDomain } })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(and(eq(products.storeId, storeId), inArray(products.id, ids), isNull(products.archivedAt), ne(products.status, 'archived')));
  for (const { product, store } of rows) {
    found.set(product.id, {
      title: product.title,
      priceLabel: priceLabel(product),
      imageUrl: absolute(product.coverImageUrl, options.publicUrl),
      url: product.type === 'link' && product.externalUrl ? product.externalUrl : canonicalProductUrl(store, product.slug, { origin: options.publicUrl }),
      published: product.status === 'published',
    });
  }
  return found;
}
