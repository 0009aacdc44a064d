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
 * (empty links and images mean "not set yet" and render nothing).
 */
export const BLOCK_DEFAULTS: Record<BlockType, Record<string, unknown>> = {
  Hero: { heading: 'Welcome', subheading: 'Say what your site is about in a sentence or two.', imageSrc: '', imageAlt: '', ctaLabel: '', ctaHref: '', align: 'center' },
  RichText: { html: '<p>Write something here.</p>' },
  Image: { src: '', alt: '', caption: '', width: 'wide' },
  ImageText: { src: '', alt: '', heading: 'A heading', html: '<p>Tell the story behind the picture.</p>', imageSide: 'left' },
  Gallery: { images: [{ src: '', alt: '' }], columns: 3 },
  ButtonRow: { buttons: [{ label: 'Shop now', href: '', style: 'primary' }] },
  VideoEmbed: { url: '', title: 'Video' },
  Testimonials: { heading: 'What people say', items: [{ quote: 'It changed how I work.', name: 'A happy customer', role: '' }] },
  Faq: { heading: 'Questions', items: [{ question: 'How do I get my download?', answer: 'Right after checkout, and by email.' }] },
  ProductGrid: { heading: 'Products', productIds: [], columns: 3 },
  ProductCard: { productId: '' },
  EmailSignup: { heading: 'Join the newsletter', text: '', buttonLabel: 'Subscribe', consentLabel: 'I agree to receive emails from this store.' },
  LinkList: { heading: 'Links', links: [{ label: 'A link', href: '' }] },
  Spacer: { size: 'md', divider: false },
  Columns: { layout: '1-1', left: [], middle: [], right: [] },
  SiteHeader: { showStoreName: true, ctaLabel: '', ctaHref: '' },
  SiteFooter: { text: '', showNavigation: true },
};
