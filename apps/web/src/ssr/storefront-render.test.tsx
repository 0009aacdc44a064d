import { describe, expect, it } from 'vitest';
import { storefrontData, storefrontProduct, storefrontProductDetail } from '../testing/storefront-data.ts';
import { htmlToText } from './storefront-head.ts';
import { renderProductNotFoundPage, renderStorefrontPage } from './storefront-render.tsx';

describe('renderStorefrontPage on a product page', () => {
  const product = storefrontProductDetail({ title: 'Glaze <Guide>', subtitle: null, descriptionHtml: '<p>All about&nbsp;<b>glazes</b> &amp; kilns.</p>', coverImageUrl: '/files/s/cover.webp' });
  const data = storefrontData({}, { products: [storefrontProduct()], product, canonicalUrl: 'https://shopfront.test/cozy-mugs/p/glaze-guide' });

  it('writes the product’s title, description, canonical URL and Open Graph product tags, escaped', () => {
    const { head, html } = renderStorefrontPage(data);
    expect(head).toContain('<title>Glaze &#60;Guide&#62; · Cozy Mugs Co.</title>');
    expect(head).toContain('<meta name="description" content="All about glazes &#38; kilns.">');
    expect(head).toContain('<link rel="canonical" href="https://shopfront.test/cozy-mugs/p/glaze-guide">');
    expect(head).toContain('<meta property="og:type" content="product">');
    expect(head).toContain('<meta property="og:image" content="https://shopfront.test/files/s/cover.webp">');
    expect(head).toContain('<meta property="product:price:amount" content="24.00">');
    expect(head).toContain('<meta property="product:price:currency" content="USD">');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<h1 class="sf-pp-title">Glaze &lt;Guide&gt;</h1>');
    expect(html).toContain('<div class="sf-prose"><p>All about&nbsp;<b>glazes</b> &amp; kilns.</p></div>');
    // The checkout button waits for the script: before it, a submit would post to the page.
    expect(html).toMatch(/<button class="sf-checkout-submit" type="submit" disabled="">/);
  });

  it('keeps the landing’s head for the landing', () => {
    const { head } = renderStorefrontPage(storefrontData());
    expect(head).toContain('<meta property="og:type" content="website">');
    expect(head).toContain('<title>Cozy Mugs Co.</title>');
  });
});

describe('renderProductNotFoundPage', () => {
  it('says Product not found and links back to the store', () => {
    const { head, html } = renderProductNotFoundPage({ storeHref: '/cozy-mugs', storeName: 'Cozy <Mugs>' });
    expect(head).toContain('<title>Product not found · Cozy &#60;Mugs&#62;</title>');
    expect(head).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<h1>Product not found</h1>');
    expect(html).toContain('<a class="sf-link" href="/cozy-mugs">Back to <!-- -->Cozy &lt;Mugs&gt;</a>');
  });
});

it('htmlToText drops tags and decodes the common entities', () => {
  expect(htmlToText('<h2>Hi</h2><p>A &lt;b&gt; &quot;c&quot; &#39;d&#39;</p>')).toBe(' Hi  A <b> "c" \'d\' ');
});
