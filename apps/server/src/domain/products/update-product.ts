import { AppError, DEFAULT_CTA, PRODUCT_MESSAGES, publishIssue, type Product, type ProductFields } from '@shopfront/core';
import { count, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { isUniqueViolation } from '#src/db/errors.ts';
import { bundleItems, productFiles, products, type ProductRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { assertNotArchived, getOwnedProduct } from './get-owned-product.ts';
import { countLiveTiers } from '../memberships/creator/count-live-tiers.ts';
import { countCourseLessons } from '../courses/creator/count-course-lessons.ts';
import { callReadiness } from '../bookings/creator/call-product.ts';
import { fieldError, normaliseProductFields } from './product-rules.ts';
import { pickProductSlug, slugTaken } from './pick-product-slug.ts';
import { getProductView } from './product-view.ts';
import { assertOrderBump } from './assert-order-bump.ts';
import { assertUpsellOffer } from './assert-upsell-offer.ts';
import { assertDownsellOffer } from './assert-downsell-offer.ts';
import { assertPaymentPlan, planSetting } from './assert-payment-plan.ts';
import { saveBundleItems } from './save-bundle-items.ts';

/** Bundle and order bump changes; absent fields stay as stored. */
export interface BundleAndBumpChanges {
  bundleProductIds?: string[] | undefined;
  bumpProductId?: string | null | undefined;
  bumpPriceCents?: number | null | undefined;
  upsellProductId?: string | null | undefined;
  upsellPriceCents?: number | null | undefined;
  upsellHeadline?: string | null | undefined;
  downsellProductId?: string | null | undefined;
  downsellPriceCents?: number | null | undefined;
  downsellHeadline?: string | null | undefined;
  planInstalments?: number | null | undefined;
  planInstalmentCents?: number | null | undefined;
}

export interface UpdateProductOptions {
  db: Database;
  userId: string;
  storeId: string;
  productId: string;
  /** Only the fields sent; the rules run on the product they make together with the stored one. */
  changes: Partial<ProductFields> & BundleAndBumpChanges;
  now: Date;
}

/** updateProduct. The slug stays when the title changes (links already shared keep working). */
export async function updateProduct(options: UpdateProductOptions): Promise<Product> {
  const { db, now, changes } = options;
  try {
    return await db.transaction(async (tx) => {
      const { store, product } = await getOwnedProduct(tx, { ...options, lock: true });
      assertNotArchived(product);
      const { bundleProductIds, bumpProductId, bumpPriceCents, upsellProductId, upsellPriceCents, upsellHeadline, downsellProductId, downsellPriceCents, downsellHeadline, planInstalments, planInstalmentCents, ...fieldChanges } = changes;
      const sent = Object.fromEntries(Object.entries(fieldChanges).filter(([, value]) => value !== undefined));
      const stored = normaliseProductFields(store.id, { ...editableFields(product), ...sent });
      // Tiers and members hang off a membership product: it cannot change type either way.
      if (stored.type !== product.type && (stored.type === 'membership' || product.type === 'membership')) throw fieldError('type', PRODUCT_MESSAGES.membershipTypeFixed);
      // Sections, lessons and enrolments hang off a course product: the same holds.
      if (stored.type !== product.type && (stored.type === 'course' || product.type === 'course')) throw fieldError('type', PRODUCT_MESSAGES.courseTypeFixed);
      // Settings and bookings hang off a call product: the same holds.
      if (stored.type !== product.type && (stored.type === 'call' || product.type === 'call')) throw fieldError('type', PRODUCT_MESSAGES.callTypeFixed);
      if (changes.ctaLabel === undefined && stored.type !== product.type && product.ctaLabel === DEFAULT_CTA[product.type]) {
        stored.ctaLabel = DEFAULT_CTA[stored.type];
      }
      if (bundleProductIds !== undefined) await saveBundleItems(tx, { bundle: product, type: stored.type, productIds: bundleProductIds });
      else if (stored.type !== 'digital' && (await countBundleItems(tx, product.id)) > 0) await saveBundleItems(tx, { bundle: product, type: stored.type, productIds: [] });
      const bump =
        bumpProductId !== undefined || bumpPriceCents !== undefined
          ? await assertOrderBump(tx, {
              product,
              bumpProductId: bumpProductId === undefined ? product.bumpProductId : bumpProductId,
              bumpPriceCents: bumpPriceCents === undefined ? product.bumpPriceCents : bumpPriceCents,
            })
          : {};
      const upsell =
        upsellProductId !== undefined || upsellPriceCents !== undefined || upsellHeadline !== undefined
          ? await assertUpsellOffer(tx, {
              product: { ...product, type: stored.type },
              upsellProductId: upsellProductId === undefined ? product.upsellProductId : upsellProductId,
              upsellPriceCents: upsellPriceCents === undefined ? product.upsellPriceCents : upsellPriceCents,
              upsellHeadline: upsellHeadline === undefined ? product.upsellHeadline : upsellHeadline,
            })
          : {};
      // The downsell lives under the upsell: checked again whenever either changes.
      const downsellSent = downsellProductId !== undefined || downsellPriceCents !== undefined || downsellHeadline !== undefined;
      const downsell =
        downsellSent || 'upsellProductId' in upsell
          ? await assertDownsellOffer(tx, {
              product,
              upsell: { upsellProductId: product.upsellProductId, upsellPriceCents: product.upsellPriceCents, upsellHeadline: product.upsellHeadline, ...upsell },
              sent: downsellSent,
              downsellProductId: downsellProductId === undefined ? product.downsellProductId : downsellProductId,
              downsellPriceCents: downsellPriceCents === undefined ? product.downsellPriceCents : downsellPriceCents,
              downsellHeadline: downsellHeadline === undefined ? product.downsellHeadline : downsellHeadline,
            })
          : {};
      const plan = assertPaymentPlan({ ...stored, ...planSetting(product, { planInstalments, planInstalmentCents }) });
      const unpublishable =
        stored.status === 'published'
          ? publishIssue(
              stored,
              await countFiles(tx, product.id),
              await countBundleItems(tx, product.id),
              await countLiveTiers(tx, product.id),
              await countCourseLessons(tx, product.id),
              stored.type === 'call' ? await callReadiness(tx, { productId: product.id, storeId: store.id }) : undefined,
            )
          : null;
      if (unpublishable) throw new AppError('failed-precondition', unpublishable);
      const slug =
        changes.slug !== undefined && changes.slug !== product.slug
          ? await pickProductSlug(tx, { storeId: store.id, title: stored.title, explicit: changes.slug, productId: product.id })
          : product.slug;
      await tx.update(products).set({ ...stored, ...bump, ...upsell, ...downsell, ...plan, slug, updatedAt: now }).where(eq(products.id, product.id));
      await notifyStorefrontChanged(tx, store.id);
      return getProductView(tx, store, product.id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

function editableFields(row: ProductRow): Omit<ProductFields, 'slug'> {
  return {
    type: row.type,
    title: row.title,
    subtitle: row.subtitle,
    descriptionHtml: row.descriptionHtml,
    coverImageUrl: row.coverImageUrl,
    priceMode: row.priceMode,
    priceCents: row.priceCents,
    minPriceCents: row.minPriceCents,
    compareAtCents: row.compareAtCents,
    ctaLabel: row.ctaLabel,
    externalUrl: row.externalUrl,
    status: row.status === 'archived' ? 'draft' : row.status,
  };
}

export async function countFiles(db: Executor, productId: string): Promise<number> {
  const [row] = await db.select({ count: count() }).from(productFiles).where(eq(productFiles.productId, productId));
  return row?.count ?? 0;
}

export async function countBundleItems(db: Executor, productId: string): Promise<number> {
  const [row] = await db.select({ count: count() }).from(bundleItems).where(eq(bundleItems.bundleProductId, productId));
  return row?.count ?? 0;
}
