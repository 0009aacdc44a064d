import { storefrontUrl } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { storePageBases } from '#src/domain/email/links/campaign-utm.ts';
import { emailCampaigns, storeEmailSettings, stores } from '#src/db/schema/index.ts';
import { loadCampaignProducts } from '#src/domain/email/render/load-campaign-products.ts';
import { renderCampaignTemplate } from '#src/domain/email/render/render-campaign-template.ts';
import type { CampaignTemplate } from '#src/domain/email/render/types.ts';

export interface LoadedCampaignTemplate {
  template: CampaignTemplate;
  tracking: boolean;
  replyTo: string | null;
}

/** Rendered templates of this process, by campaign and tracking setting (a campaign's body is fixed once it sends). */
const cache = new Map<string, Promise<LoadedCampaignTemplate | null>>();
const CACHE_MAX = 50;

/**
 * A campaign of `storeId` rendered once for this process (React Email is far too slow to run per
 * message at hundreds a second): the sender personalizes it per recipient, and the click redirect
 * reads its `links`. Null when the campaign is not the store's.
 */
export function loadCampaignTemplate(db: Database, options: { campaignId: string; storeId: string; publicUrl: string }): Promise<LoadedCampaignTemplate | null> {
  return (async () => {
    const [row] = await db
      .select({ tracking: storeEmailSettings.trackingEnabled })
      .from(storeEmailSettings)
      .where(eq(storeEmailSettings.storeId, options.storeId));
    const tracking = row?.tracking ?? false;
    const key = `${options.storeId}:${options.campaignId}:${tracking}`;
    let loaded = cache.get(key);
    if (!loaded) {
      loaded = render(db, options, tracking);
      cache.set(key, loaded);
      loaded.catch(() => cache.delete(key));
      if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!);
    }
    return loaded;
  })();
}

async function render(db: Database, options: { campaignId: string; storeId: string; publicUrl: string }, tracking: boolean): Promise<LoadedCampaignTemplate | null> {
  const [row] = await db
    .select({
      subject: emailCampaigns.subject,
      previewText: emailCampaigns.previewText,
      body: emailCampaigns.body,
      storeName: stores.name,
      slug: stores.slug,
      customDomain: stores.customDomain,
      buttonColor: stores.primaryColor,
      postalAddress: storeEmailSettings.postalAddress,
      replyTo: storeEmailSettings.replyTo,
    })
    .from(emailCampaigns)
    .innerJoin(stores, eq(stores.id, emailCampaigns.storeId))
    .leftJoin(storeEmailSettings, eq(storeEmailSettings.storeId, emailCampaigns.storeId))
    .where(and(eq(emailCampaigns.id, options.campaignId), eq(emailCampaigns.storeId, options.storeId)));
  if (!row) return null;
  const productIds = row.body.flatMap((block) => (block.type === 'product' ? [block.productId] : []));
  const products = productIds.length > 0 ? await loadCampaignProducts(db, options.storeId, productIds, { publicUrl: options.publicUrl }) : new Map();
  const template = await renderCampaignTemplate({
    store: {
      name: row.storeName,
      postalAddress: row.postalAddress ?? '',
      storefrontUrl: storefrontUrl({ slug: row.slug, customDomain: row.customDomain }, { origin: options.publicUrl }),
      buttonColor: row.buttonColor,
    },
    campaign: { subject: row.subject, previewText: row.previewText, body: row.body },
    products,
    tracking,
    attribution: { campaignId: options.campaignId, storeBases: storePageBases(row, { origin: options.publicUrl }) },
  });
  return { template, tracking, replyTo: row.replyTo ?? null };
}
