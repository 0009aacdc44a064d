import { formatMoney, type Product, type ProductStatus, type ProductType } from '@shopfront/core';

/** The words the dashboard uses for each product type, with a one-line explanation. */
export const TYPE_INFO: Readonly<Record<ProductType, { label: string; explanation: string }>> = {
  digital: { label: 'Digital download', explanation: 'Sell files: e-books, templates, presets, audio. Buyers get download links by email.' },
  'lead-magnet': { label: 'Lead magnet', explanation: 'Give something away free in exchange for a name and email.' },
  link: { label: 'Link', explanation: 'Send visitors to another page: an affiliate link, a course, a booking page.' },
  membership: { label: 'Membership', explanation: 'Recurring support in tiers, billed monthly or yearly. Visitors join a tier from its page and manage it in your members area.' },
  course: { label: 'Course', explanation: 'Lessons in sections, with video, files and drip. Students take it in your members area.' },
  call: { label: 'Coaching call', explanation: 'Sell calls booked into your open hours: buyers pick a time in their own time zone, answer your questions and pay.' },
};

export const STATUS_LABELS: Readonly<Record<ProductStatus, string>> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};

/** The price as the list shows it: "$9.50", "Free", "Pay what you want", or null (links; memberships are priced by tier). */
export function priceLabel(product: Pick<Product, 'type' | 'priceMode' | 'priceCents' | 'minPriceCents'>, currency: string): string | null {
  if (product.type === 'link' || product.type === 'membership') return null;
  if (product.type === 'lead-magnet' || product.priceMode === 'free') return 'Free';
  if (product.priceMode === 'pay-what-you-want') return 'Pay what you want';
  return formatMoney(product.priceCents, currency, { locale: 'en-US', trimWhole: true });
}

