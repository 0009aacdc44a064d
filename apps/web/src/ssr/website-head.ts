import type { ThemePalette } from '../components/themes/types.ts';
import type { WebsitePageData } from '../features/website/types.ts';
import { escapeHtml } from './html-escape.ts';
import { absoluteImageUrl, metaDescription } from './storefront-head.ts';

const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;

/** The page's own words, else its first hero's subheading, else the store's bio. */
function descriptionOf(data: WebsitePageData): string {
  const name = data.store.profile.name;
  if (data.page.seoDescription) return metaDescription(name, data.page.seoDescription);
  const hero = data.page.content.content.find((block) => block.type === 'Hero');
  const sub = hero?.type === 'Hero' ? hero.props.subheading : '';
  return metaDescription(name, sub || data.store.profile.description);
}

/** The page's title: its SEO title as written, or "{title} · {store}" (the home page: the store's name alone when titled Home). */
export function websiteTitle(data: WebsitePageData): string {
  if (data.page.seoTitle) return data.page.seoTitle;
  const name = data.store.profile.name;
  return data.page.slug === 'home' && data.page.title.toLowerCase() === 'home' ? name : `${data.page.title} · ${name}`;
}

/**
 * Title, description, canonical (the custom domain when there is a verified one), Open Graph and
 * Twitter card tags for a website page. Every value is creator text, so every value is escaped.
 */
export function renderWebsiteHead(data: WebsitePageData, palette: ThemePalette, options: { noindex?: boolean } = {}): string {
  const title = websiteTitle(data);
  const description = descriptionOf(data);
  const image = absoluteImageUrl(data.page.seoImageSrc, data.canonicalUrl) ?? absoluteImageUrl(data.store.profile.avatarUrl, data.canonicalUrl);
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(data.canonicalUrl)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', data.store.profile.name),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', data.canonicalUrl),
    ...(image ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', title)] : []),
    meta('name', 'twitter:card', data.page.seoImageSrc && image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    meta('name', 'theme-color', palette.backgroundStartColor),
    ...(data.isPreview || options.noindex ? [meta('name', 'robots', 'noindex, nofollow')] : []),
    `<style>html{background-color:${palette.backgroundEndColor}}body{margin:0}</style>`,
  ].join('');
}
