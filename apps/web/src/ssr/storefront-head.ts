import { toMajorUnits } from '@shopfront/core/money';
import type { StorefrontData } from '@shopfront/core';
import type { ThemePalette } from '../components/themes/types.ts';
import { safeImageSrc } from '@shopfront/core/safe-url';
import { escapeHtml } from './html-escape.ts';

const DESCRIPTION_MAX = 160;

/** The store's bio on one line, cut at a word near 160 characters; a friendly line when empty. */
export function metaDescription(name: string, bio: string): string {
  const line = bio.replace(/\s+/g, ' ').trim();
  if (!line) return `Links, products and more from ${name}.`;
  if (line.length <= DESCRIPTION_MAX) return line;
  const cut = line.slice(0, DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_MAX * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/** An image URL made absolute against the page's canonical URL (Open Graph needs absolute). */
export function absoluteImageUrl(url: string | null, base: string): string | null {
  const src = safeImageSrc(url);
  if (!src) return null;
  try {
    const absolute = new URL(src, base);
    return absolute.protocol === 'http:' || absolute.protocol === 'https:' ? absolute.href : null;
  } catch {
    return null;
  }
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;

/** The description's text on one line (tags dropped, common entities decoded), for meta tags. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Open Graph price tags for a product with a fixed price (minor units → "24.00"). */
function priceTags(product: NonNullable<StorefrontData['product']>): string[] {
  if (product.priceCents === null || product.priceMode === 'pay-what-you-want') return [];
  return [
    meta('property', 'product:price:amount', toMajorUnits(product.priceCents, product.currency)),
    meta('property', 'product:price:currency', product.currency.toUpperCase()),
  ];
}

/**
 * Title, description, canonical, Open Graph and Twitter card tags for one store or one
 * product page (og:type product, the cover as og:image), plus the browser colour. Every
 * value is creator text, so every value is escaped.
 */
export function renderStorefrontHead(data: StorefrontData, palette: ThemePalette): string {
  const { profile } = data.store;
  const product = data.product ?? null;
  const title = product ? `${product.title} · ${profile.name}` : profile.name;
  const description = product
    ? metaDescription(product.title, product.subtitle ?? htmlToText(product.descriptionHtml))
    : metaDescription(profile.name, profile.description);
  const image = product
    ? (absoluteImageUrl(product.coverImageUrl, data.canonicalUrl) ?? absoluteImageUrl(profile.avatarUrl, data.canonicalUrl))
    : absoluteImageUrl(profile.avatarUrl, data.canonicalUrl);
  const imageAlt = product ? product.title : title;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(data.canonicalUrl)}">`,
    meta('property', 'og:type', product ? 'product' : 'website'),
    meta('property', 'og:site_name', profile.name),
    meta('property', 'og:title', product ? product.title : title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', data.canonicalUrl),
    ...(image ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', imageAlt)] : []),
    ...(product ? priceTags(product) : []),
    meta('name', 'twitter:card', product && image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    meta('name', 'theme-color', palette.backgroundStartColor),
    ...(data.isPreview ? [meta('name', 'robots', 'noindex, nofollow')] : []),
    // Overscroll and the area below a short page show the gradient's end, not white.
    `<style>html{background-color:${palette.backgroundEndColor}}body{margin:0}</style>`,
  ];
  return tags.join('');
}
