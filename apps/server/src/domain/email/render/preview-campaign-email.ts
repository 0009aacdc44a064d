import { AppError, PRODUCT_MESSAGES, type EmailCampaignFields } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { storeEmailSettings, type StoreRow } from '#src/db/schema/index.ts';
import { campaignRenderStore } from './campaign-render-store.ts';
import { loadCampaignProducts } from './load-campaign-products.ts';
import { personalizeCampaign } from './personalize-campaign.ts';
import { renderCampaignTemplate } from './render-campaign-template.ts';
import type { PersonalizedEmail } from './types.ts';

/** Shown in a preview's footer until the creator adds their address in Settings › Email. */
export const PREVIEW_ADDRESS_PLACEHOLDER = 'Your postal address (add it in Settings › Email)';

/**
 * The campaign as a recipient would get it, for the editor: the same render as a real send, with
 * tracking off and a harmless unsubscribe link. A product card of another store, or one that is
 * archived or unknown, is refused with the same "Product not found" as a missing one.
 */
export async function previewCampaignEmail(
  db: Executor,
  options: { store: StoreRow; fields: Pick<EmailCampaignFields, 'subject' | 'previewText' | 'body'>; publicUrl: string },
): Promise<PersonalizedEmail> {
  const { store, fields } = options;
  const productIds = fields.body.flatMap((block) => (block.type === 'product' ? [block.productId] : []));
  const [products, [settings]] = await Promise.all([
    loadCampaignProducts(db, store.id, productIds, { publicUrl: options.publicUrl }),
    db.select({ postalAddress: storeEmailSettings.postalAddress }).from(storeEmailSettings).where(eq(storeEmailSettings.storeId, store.id)),
  ]);
  if (productIds.some((id) => !products.has(id))) throw new AppError('not-found', PRODUCT_MESSAGES.productNotFound);

  const postalAddress = settings?.postalAddress.trim() || PREVIEW_ADDRESS_PLACEHOLDER;
  const template = await renderCampaignTemplate({
    store: campaignRenderStore(store, { postalAddress, publicUrl: options.publicUrl }),
    campaign: { subject: fields.subject, previewText: fields.previewText, body: fields.body },
    products,
    tracking: false,
  });
  return personalizeCampaign(template, { unsubscribeUrl: '#', openPixelUrl: null, linkUrl: (_index, href) => href });
}
