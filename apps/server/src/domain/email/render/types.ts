import type { EmailBlock } from '@shopfront/core';
import type { CampaignAttribution } from '#src/domain/email/links/campaign-utm.ts';

/** What a product card shows; built by `loadCampaignProducts` from the store's own products. */
export interface CampaignProduct {
  title: string;
  /** The formatted price ("$12", "Free", "Pay what you want"); null for a link product (no price). */
  priceLabel: string | null;
  imageUrl: string | null;
  /** The product page on the storefront (absolute), or a link product's own target. */
  url: string;
  /** False for a draft: its page is not public yet, so a send should refuse it. */
  published: boolean;
}

export interface RenderCampaignInput {
  store: {
    name: string;
    /** The creator's postal address; line breaks are kept in the footer. */
    postalAddress: string;
    /** The storefront's home page (absolute), linked from the footer's store name. */
    storefrontUrl: string;
    /** The store's button colours (#rrggbb); a neutral dark button when absent or invalid. */
    buttonColor?: string | null;
    buttonTextColor?: string | null;
  };
  campaign: { subject: string; previewText: string; body: EmailBlock[] };
  /** Product cards whose id is missing here are left out of the email. */
  products: ReadonlyMap<string, CampaignProduct>;
  /** Whether the template has an open-pixel slot (the store's tracking setting). */
  tracking: boolean;
  /**
   * A real send's campaign: links to the store's own pages get the campaign's UTM parameters
   * (`withCampaignUtm`). Previews and test sends leave it out, so the creator's clicks credit nobody.
   */
  attribution?: CampaignAttribution;
}

/**
 * A campaign rendered once, with per-recipient slots as tokens that only `personalizeCampaign`
 * fills. Plain JSON, so a sender may keep or store it between batches.
 */
export interface CampaignTemplate {
  subject: string;
  html: string;
  text: string;
  /** The body's links by index; `personalizeCampaign` asks `linkUrl(index, href)` for each. */
  links: string[];
  /** The random marker of this render's tokens; user content written before the render cannot contain it. */
  nonce: string;
}

export interface PersonalizeOptions {
  /** The recipient's one-click unsubscribe page. */
  unsubscribeUrl: string;
  /** The open pixel's URL, or null for none (tracking off). */
  openPixelUrl: string | null;
  /** Where link `index` (whose target is `href`) points in this recipient's copy. */
  linkUrl: (index: number, href: string) => string;
}

export interface PersonalizedEmail {
  subject: string;
  html: string;
  text: string;
}
