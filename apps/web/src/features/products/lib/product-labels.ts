import type { Product, ProductStatus, ProductType } from '@shopfront/core';
import { formatMoney } from './money.ts';

/** The words the dashboard uses for each product type, with a one-line explanation. */
export const TYPE_INFO: Readonly<Record<ProductType, { label: string; explanation: string }>> = {
  digital: { label: 'Digital download', explanation: 'Sell files: e-books, templates, presets, audio. Buyers get download links by email.' },
  'lead-magnet': { label: 'Lead magnet', explanation: 'Give something away free in exchange for a name and email.' },
  link: { label: 'Link', explanation: 'Send visitors to another page: an affiliate link, a course, a booking page.' },
};

export const STATUS_LABELS: Readonly<Record<ProductStatus, string>> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};

/** The price as the list shows it: "$9.50", "Free", "Pay what you want", or null (link products). */
export function priceLabel(product: Pick<Product, 'type' | 'priceMode' | 'priceCents' | 'minPriceCents'>, currency: string): string | null {
  if (product.type === 'link') return null;
  if (product.type === 'lead-magnet' || product.priceMode === 'free') return 'Free';
  if (product.priceMode === 'pay-what-you-want') return 'Pay what you want';
  return formatMoney(product.priceCents, currency);
}

/** "/cozy-mugs/p/mug-guide": where the product page lives on the storefront. */
export function productPath(storeSlug: string, productSlug: string): string {
  return `/${storeSlug}/p/${productSlug}`;
}

/** A URL slug from a title: lowercase ASCII letters and digits, single hyphens, at most 60 characters. */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
}

/** "12 KB", "3.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
