import { randomBytes } from 'node:crypto';
import { render, toPlainText } from '@react-email/render';
import { campaignEmail } from './campaign-email.ts';
import { campaignTokens } from './campaign-tokens.ts';
import type { CampaignTemplate, RenderCampaignInput } from './types.ts';

/** Headings keep their case in the text part; a button or link shows "label https://…". */
const TEXT_SELECTORS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } }));

/**
 * Renders a campaign once (React Email → email-safe HTML, and its plain-text part) with tokens
 * where each recipient's copy differs: the unsubscribe link, the open pixel (when tracking) and
 * every body link (so a click URL can replace it). `personalizeCampaign` fills them per message.
 */
export async function renderCampaignTemplate(input: RenderCampaignInput): Promise<CampaignTemplate> {
  const nonce = freshNonce(input);
  const { element, links } = campaignEmail(input, campaignTokens(nonce));
  const html = await render(element);
  const text = toPlainText(html, { selectors: TEXT_SELECTORS }).trim();
  return { subject: input.campaign.subject, html, text, links, nonce };
}

/** A random nonce that appears nowhere in the creator's content (it never will; this makes sure). */
function freshNonce(input: RenderCampaignInput): string {
  const content = JSON.stringify([input.store, input.campaign, [...input.products.values()]]).toLowerCase();
  for (;;) {
    const nonce = randomBytes(10).toString('hex');
    if (!content.includes(nonce)) return nonce;
  }
}
