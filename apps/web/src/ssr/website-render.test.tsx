import { describe, expect, it } from 'vitest';
import { storefrontData } from '../testing/storefront-data.ts';
import { WEBSITE_CONTEXT, websitePageData } from '../testing/website-data.ts';
import { renderWebsiteMissingPage, renderWebsiteNotFoundPage, renderWebsitePage } from './website-render.tsx';

describe('renderWebsitePage', () => {
  it('writes the SEO title and description, canonical and Open Graph tags, escaped', () => {
    const data = websitePageData([], { slug: 'about', title: 'About', seoTitle: 'All <about> us', seoDescription: 'Mugs & more', seoImageSrc: '/files/s/og.webp' }, { canonicalUrl: 'https://mugs.example/about' });
    const { head } = renderWebsitePage(data, WEBSITE_CONTEXT);
    expect(head).toContain('<title>All &#60;about&#62; us</title>');
    expect(head).toContain('<meta name="description" content="Mugs &#38; more">');
    expect(head).toContain('<link rel="canonical" href="https://mugs.example/about">');
    expect(head).toContain('<meta property="og:image" content="https://mugs.example/files/s/og.webp">');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(head).not.toContain('robots');
  });

  it('titles a page "{title} · {store}" without SEO text, and the home page by the store name', () => {
    expect(renderWebsitePage(websitePageData([], { slug: 'faq', title: 'FAQ' }), WEBSITE_CONTEXT).head).toContain('<title>FAQ · Cozy Mugs Co.</title>');
    const home = renderWebsitePage(websitePageData([{ type: 'Hero', props: { id: 'h', heading: 'Hi', subheading: 'Slow mornings', align: 'left' } }]), WEBSITE_CONTEXT).head;
    expect(home).toContain('<title>Cozy Mugs Co.</title>');
    expect(home).toContain('<meta name="description" content="Slow mornings">');
  });

  it('renders static HTML with no script and no inlined data; a preview and a banner are not indexed', () => {
    const { html } = renderWebsitePage(websitePageData([]), WEBSITE_CONTEXT);
    expect(html).not.toMatch(/<script/i);
    const preview = renderWebsitePage(websitePageData([], {}, { isPreview: true }), WEBSITE_CONTEXT);
    expect(preview.html).toContain('Preview of your unpublished changes');
    expect(preview.head).toContain('<meta name="robots" content="noindex, nofollow">');
    const banner = renderWebsitePage(websitePageData([]), { ...WEBSITE_CONTEXT, banner: 'Development host' });
    expect(banner.html).toContain('Development host');
    expect(banner.head).toContain('<meta name="robots" content="noindex, nofollow">');
  });
});

describe('the website 404s', () => {
  it('renders an unknown page in the site theme with its navigation', () => {
    const { store } = storefrontData({ theme: 'neon-pulse', name: 'Neon <Mugs>' });
    const { html, head } = renderWebsiteNotFoundPage({ ...WEBSITE_CONTEXT, store, pages: [{ slug: 'home', title: 'Home' }, { slug: 'about', title: 'About' }] });
    expect(head).toContain('<title>Page not found · Neon &#60;Mugs&#62;</title>');
    expect(html).toContain('data-theme="neon-pulse"');
    expect(html).toContain('<a href="/cozy-mugs/website/about">About</a>');
  });

  it('says Website Not Found with the slug', () => {
    const { html, head } = renderWebsiteMissingPage({ slug: 'no<site>', homeUrl: '/' });
    expect(head).toContain('<title>Website Not Found · Shopfront</title>');
    expect(html).toContain('<code>no&lt;site&gt;</code>');
  });
});
