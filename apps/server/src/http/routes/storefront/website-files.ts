import { planAppMode, type StoreKey } from '@shopfront/core';
import type { WebsiteSitemap } from '#src/storefront/website-loader.ts';

/** A website's sitemap.xml or robots.txt, kept in the page cache beside its pages. */
export interface WebsiteFileTarget {
  kind: 'sitemap' | 'robots';
  key: string;
  storeKeys: StoreKey[];
  /** Where robots.txt points crawlers. */
  sitemapUrl: string;
}

/**
 * `/{slug}/website/sitemap.xml` on the product's hosts; `/sitemap.xml` and `/robots.txt` on a
 * verified two-part or www custom domain (robots.txt belongs to a host's root, so only the
 * site's own domain has one). Null for anything else.
 */
export function websiteFileTarget(host: string, path: string, productHosts: readonly string[]): WebsiteFileTarget | null {
  const lower = path.toLowerCase();
  if (!lower.endsWith('/sitemap.xml') && lower !== '/robots.txt') return null;
  const plan = planAppMode({ host, path, productHosts });
  const segments = lower.split('/').filter(Boolean);
  if (plan.mode === 'website' && plan.storeKey?.by === 'slug' && segments.length === 3 && segments[2] === 'sitemap.xml') {
    const { slug } = plan.storeKey;
    return { kind: 'sitemap', key: `xml|slug:${slug}`, storeKeys: [plan.storeKey], sitemapUrl: '' };
  }
  if (plan.mode !== 'website' || plan.storeKey?.by !== 'customDomain' || segments.length !== 1) return null;
  const { domain } = plan.storeKey;
  const storeKeys: StoreKey[] = [plan.storeKey];
  const sitemapUrl = `https://${domain}/sitemap.xml`;
  return segments[0] === 'sitemap.xml'
    ? { kind: 'sitemap', key: `xml|host:${domain}`, storeKeys, sitemapUrl }
    : { kind: 'robots', key: `txt|host:${domain}`, storeKeys, sitemapUrl };
}

const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The sitemaps.org list of the site's published pages (canonical URLs, last publish dates). */
export function sitemapXml(sitemap: WebsiteSitemap): string {
  const urls = sitemap.pages.map(
    (page) => `<url><loc>${xmlEscape(page.url)}</loc>${page.publishedAt ? `<lastmod>${page.publishedAt.toISOString()}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`;
}

/** Everything may be crawled but the members area and checkout; the sitemap is named. */
export function robotsText(sitemapUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /members\nDisallow: /checkout\nSitemap: ${sitemapUrl}\n`;
}
