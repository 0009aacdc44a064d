import type { BlockType } from '@shopfront/core';

export const BLOCK_LABELS: Record<BlockType, string> = {
  Hero: 'Hero',
  RichText: 'Rich text',
  Image: 'Image',
  ImageText: 'Image + text',
  Gallery: 'Gallery',
  ButtonRow: 'Button row',
  VideoEmbed: 'Video',
  Testimonials: 'Testimonials',
  Faq: 'FAQ',
  ProductGrid: 'Product grid',
  ProductCard: 'Product card',
  EmailSignup: 'Email signup',
  LinkList: 'Link list',
  Spacer: 'Spacer / divider',
  Columns: 'Columns',
  SiteHeader: 'Site header',
  SiteFooter: 'Site footer',
};

/**
 * A new block's props: every prop core's schema names, so a freshly dropped block already saves
 * (empty links and images mean "not set yet" and render nothing). Text a visitor would read starts
 * empty, its example shown as the field's placeholder (`puck-config.tsx`), so nothing made up is
 * ever published; only labels that work as they are (a button's "Subscribe") have a value.
 */
export const BLOCK_DEFAULTS: Record<BlockType, Record<string, unknown>> = {
  Hero: { heading: '', subheading: '', imageSrc: '', imageAlt: '', ctaLabel: '', ctaHref: '', align: 'center' },
  RichText: { html: '' },
  Image: { src: '', alt: '', caption: '', width: 'wide' },
  ImageText: { src: '', alt: '', heading: '', html: '', imageSide: 'left' },
  Gallery: { images: [{ src: '', alt: '' }], columns: 3 },
  ButtonRow: { buttons: [{ label: '', href: '', style: 'primary' }] },
  VideoEmbed: { url: '', title: 'Video' },
  Testimonials: { heading: '', items: [{ quote: '', name: '', role: '' }] },
  Faq: { heading: '', items: [{ question: '', answer: '' }] },
  ProductGrid: { heading: 'Products', productIds: [], columns: 3 },
  ProductCard: { productId: '' },
  EmailSignup: { heading: 'Join the newsletter', text: '', buttonLabel: 'Subscribe', consentLabel: 'I agree to receive emails from this store.' },
  LinkList: { heading: '', links: [{ label: '', href: '' }] },
  Spacer: { size: 'md', divider: false },
  Columns: { layout: '1-1', left: [], middle: [], right: [] },
  SiteHeader: { showStoreName: true, ctaLabel: '', ctaHref: '' },
  SiteFooter: { text: '', showNavigation: true },
};
