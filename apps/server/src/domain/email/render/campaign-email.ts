import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { readableOn } from '@shopfront/core';
import type { EmailBlock } from '@shopfront/core';
import { createElement as h, Fragment, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { withCampaignUtm } from '#src/domain/email/links/campaign-utm.ts';
import type { CampaignTokens } from './campaign-tokens.ts';
import { sanitizeCampaignHtml } from './sanitize-campaign-html.ts';
import type { CampaignProduct, RenderCampaignInput } from './types.ts';

const FONT = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';
const INK = '#1f2937';
const MUTED = '#6b7280';
const HEX = /^#[0-9a-f]{6}$/i;
/** React Email's plain-text conversion leaves out elements with this attribute. */
const SKIP_IN_TEXT: Record<string, string> = { 'data-skip-in-text': 'true' };

const styles = {
  body: { backgroundColor: '#f4f4f5', margin: 0, padding: '24px 0', fontFamily: FONT, color: INK },
  container: { backgroundColor: '#ffffff', maxWidth: '600px', padding: '32px 28px', borderRadius: '8px' },
  heading: { fontSize: '24px', lineHeight: '32px', margin: '0 0 16px', color: INK },
  text: { fontSize: '16px', lineHeight: '26px', margin: '0 0 16px', color: INK },
  image: { display: 'block', width: '100%', maxWidth: '544px', height: 'auto', border: 0, margin: '0 0 16px' },
  divider: { borderColor: '#e5e7eb', margin: '24px 0' },
  card: { border: '1px solid #e5e7eb', borderRadius: '8px', padding: '16px', margin: '0 0 16px' },
  cardImage: { display: 'block', width: '100%', maxWidth: '510px', height: 'auto', border: 0, borderRadius: '6px', margin: '0 0 12px' },
  cardTitle: { fontSize: '18px', lineHeight: '26px', fontWeight: 600, margin: '0 0 4px', color: INK },
  cardPrice: { fontSize: '16px', lineHeight: '24px', margin: '0 0 12px', color: MUTED },
  footer: { fontSize: '13px', lineHeight: '20px', margin: '0 0 8px', color: MUTED },
  footerLink: { color: MUTED, textDecoration: 'underline' },
} satisfies Record<string, CSSProperties>;

function buttonStyle(store: RenderCampaignInput['store']): CSSProperties {
  const background = store.buttonColor && HEX.test(store.buttonColor) ? store.buttonColor : '#111827';
  const preferred = store.buttonTextColor && HEX.test(store.buttonTextColor) ? store.buttonTextColor : '#ffffff';
  return {
    backgroundColor: background,
    color: readableOn(background, preferred),
    fontSize: '16px',
    fontWeight: 600,
    lineHeight: '24px',
    padding: '12px 24px',
    borderRadius: '6px',
    textDecoration: 'none',
    display: 'inline-block',
  };
}

/**
 * The campaign as a React Email tree; every body link's target is recorded in `links` (a link to the
 * store tagged with the campaign's UTM parameters) and replaced by its token.
 */
export function campaignEmail(input: RenderCampaignInput, tokens: CampaignTokens): { element: ReactElement; links: string[] } {
  const links: string[] = [];
  const link = (href: string) => {
    links.push(input.attribution ? withCampaignUtm(href, input.attribution) : href);
    return tokens.link(links.length - 1);
  };
  const button = buttonStyle(input.store);

  const renderBlock = (block: EmailBlock): ReactNode => {
    switch (block.type) {
      case 'heading':
        return h(Heading, { key: block.id, as: 'h2', style: styles.heading }, block.text);
      case 'text':
        return h('div', { key: block.id, style: styles.text, dangerouslySetInnerHTML: { __html: sanitizeCampaignHtml(block.html, link) } });
      case 'image': {
        const image = h(Img, { src: block.src, alt: block.alt, width: '544', style: styles.image });
        return block.href ? h(Link, { key: block.id, href: link(block.href) }, image) : h(Fragment, { key: block.id }, image);
      }
      case 'button':
        return h(Section, { key: block.id, style: { margin: '8px 0 24px' } }, h(Button, { href: link(block.href), style: button }, block.label));
      case 'divider':
        return h(Hr, { key: block.id, style: styles.divider });
      case 'product': {
        const product = input.products.get(block.productId);
        return product ? productCard(block.id, product, link, button) : null;
      }
    }
  };

  const { store, campaign } = input;
  const addressLines = store.postalAddress.split(/\r?\n/).filter((line) => line.trim() !== '');
  const element = h(
    Html,
    { lang: 'en' },
    h(Head, null, h('title', null, campaign.subject)),
    campaign.previewText ? h(Preview, null, campaign.previewText) : null,
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        ...campaign.body.map(renderBlock),
        h(Hr, { style: styles.divider }),
        h(Text, { style: { ...styles.footer, fontWeight: 600, color: INK } }, store.name),
        h(Text, { style: styles.footer }, ...addressLines.flatMap((line, i) => (i === 0 ? [line] : [h('br', { key: `br${i}` }), line]))),
        h(Text, { style: styles.footer }, `You get this because you opted in at ${store.name}.`),
        h(Text, { style: styles.footer }, h(Link, { href: tokens.unsubscribe, style: styles.footerLink }, 'Unsubscribe')),
        input.tracking ? h('div', { ...SKIP_IN_TEXT, dangerouslySetInnerHTML: { __html: tokens.pixel } }) : null,
      ),
    ),
  );
  return { element, links };
}

function productCard(key: string, product: CampaignProduct, link: (href: string) => string, button: CSSProperties): ReactElement {
  return h(
    Section,
    { key, style: styles.card },
    // The image repeats the title's link: the text part and screen readers skip it (its alt
    // text stays for clients that block images).
    product.imageUrl ? h(Link, { href: link(product.url), 'aria-hidden': true, tabIndex: -1, ...SKIP_IN_TEXT }, h(Img, { src: product.imageUrl, alt: product.title, width: '510', style: styles.cardImage })) : null,
    h(Text, { style: styles.cardTitle }, h(Link, { href: link(product.url), style: { color: INK, textDecoration: 'none' } }, product.title)),
    product.priceLabel ? h(Text, { style: styles.cardPrice }, product.priceLabel) : null,
    h(Button, { href: link(product.url), style: button }, 'View'),
  );
}
