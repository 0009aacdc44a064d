import type { WebsiteBlock } from '@shopfront/core';
import { SIGNUP_TIME_ZONE_SCRIPT } from '@shopfront/core/signup-form';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '#src/db/schema/index.ts';
import { seedProduct } from '#src/testing/seed-products.ts';
import { seedStorefront } from '#src/testing/seed-storefront.ts';
import { setFlag } from '#src/testing/stores.ts';
import { createStorefrontTestApp } from '#src/testing/storefront-test-app.ts';
import type { TestApp } from '#src/testing/test-app.ts';
import { pageContent, seedWebsitePage } from '#src/testing/website-pages.ts';
import { SIGNUP_SCRIPT_CSP_SOURCE } from '#src/http/security-headers.ts';
import { safeReturnPath, WEBSITE_SUBSCRIBE_PATH } from './website-routes.ts';

const X = '"><script>alert(1)</script><img src=x onerror=alert(1)>';
const JS = 'javascript:alert(1)';

/** Every text field of every block carries script; rich text is stored unsanitised (as a hand-edited row would be). */
const hostileBlocks = (productId: string): WebsiteBlock[] => [
  { type: 'SiteHeader', props: { id: 'h', showStoreName: true, ctaLabel: X, ctaHref: JS } },
  { type: 'Hero', props: { id: 'a', heading: X, subheading: X, imageSrc: JS, imageAlt: X, ctaLabel: X, ctaHref: JS, align: 'center' } },
  { type: 'RichText', props: { id: 'b', html: `<p>ok</p>${X}<a href="${JS}" onclick="alert(1)">x</a><style>body{display:none}</style>` } },
  { type: 'Image', props: { id: 'c', src: '/files/s/a.webp', alt: X, caption: X, width: 'wide' } },
  { type: 'ImageText', props: { id: 'd', src: '/files/s/a.webp', alt: X, heading: X, html: X, imageSide: 'left' } },
  { type: 'Gallery', props: { id: 'e', images: [{ src: '/files/s/a.webp', alt: X }], columns: 2 } },
  { type: 'ButtonRow', props: { id: 'f', buttons: [{ label: X, href: JS, style: 'primary' }] } },
  { type: 'VideoEmbed', props: { id: 'g', url: `https://www.youtube.com/watch?v=dQw4w9WgXcQ${X}`, title: X } },
  { type: 'Testimonials', props: { id: 'i', heading: X, items: [{ quote: X, name: X, role: X }] } },
  { type: 'Faq', props: { id: 'j', heading: X, items: [{ question: X, answer: X }] } },
  { type: 'ProductGrid', props: { id: 'k', heading: X, productIds: [productId], columns: 2 } },
  { type: 'EmailSignup', props: { id: `l${X}`, heading: X, text: X, buttonLabel: X, consentLabel: X } },
  { type: 'LinkList', props: { id: 'm', heading: X, links: [{ label: X, href: JS }] } },
  { type: 'Columns', props: { id: 'n', layout: '1-1', left: [{ type: 'RichText', props: { id: 'o', html: X } }], middle: [{ type: 'Faq', props: { id: 'p', items: [{ question: X, answer: X }] } }], right: [] } },
  { type: 'SiteFooter', props: { id: 'q', text: X, showNavigation: true } },
];

let t: TestApp;
let storeId: string;

beforeAll(async () => {
  t = await createStorefrontTestApp();
  ({ storeId } = await seedStorefront(t.db, { slug: 'sec-site', name: X }));
  const product = await seedProduct(t.db, storeId, { slug: 'p1', title: X, subtitle: X });
  await seedWebsitePage(t.db, storeId, { slug: 'home', title: X, seoTitle: X, seoDescription: X, seoImageSrc: JS, published: pageContent(...hostileBlocks(product.id)) });
  await seedWebsitePage(t.db, storeId, { slug: 'about', title: X, position: 1 });
}, 120_000);
afterAll(() => t?.close());

describe('script in every text field renders inert', () => {
  it.each(['/sec-site/website', '/sec-site/website/about', '/sec-site/website/nope', '/website/sec-site', '/sec-site/website?preview=true'])('%s', async (url) => {
    const page = await t.app.inject({ method: 'GET', url });
    // The one script a page may carry: the signup form's fixed time-zone filler, allowed by its hash.
    const signupScript = `<script>${SIGNUP_TIME_ZONE_SCRIPT}</script>`;
    if (page.body.includes(signupScript)) expect(page.headers['content-security-policy']).toContain(SIGNUP_SCRIPT_CSP_SOURCE);
    const body = page.body.replaceAll(signupScript, '');
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // Text can hold no raw `<`, so every `<…>` is a real tag; attribute values are dropped first.
    const tags = (body.replace(/="[^"]*"/g, '=""').match(/<[a-z][^>]*>/gi) ?? []).map((tag) => tag.toLowerCase());
    expect(tags.filter((tag) => tag.startsWith('<script') || tag.startsWith('<iframe'))).toEqual([]);
    expect(tags.filter((tag) => /\son\w+=/.test(tag))).toEqual([]);
    expect(body).not.toMatch(/<style>body\{display:none/);
    expect(body).not.toMatch(/(?:href|src|action)="\s*javascript:/i);
  });
});

describe(`POST ${WEBSITE_SUBSCRIBE_PATH}`, () => {
  const post = (form: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: WEBSITE_SUBSCRIBE_PATH, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() });
  const customer = async (email: string) =>
    (await t.db.select().from(customers).where(and(eq(customers.storeId, storeId), eq(customers.email, email))))[0];

  it('adds the visitor to the audience with consent and sends them back to the thank-you line', async () => {
    await setFlag(t, 'websiteBuilder', true);
    const reply = await post({ storeId, email: 'Fan@Example.com', consent: 'true', block: 'EmailSignup-1', returnTo: '/sec-site/website/about' });
    expect(reply.statusCode).toBe(303);
    expect(reply.headers.location).toBe('/sec-site/website/about#ws-signup-done-EmailSignup-1');
    expect((await customer('fan@example.com'))?.marketingConsent).toBe(true);
  });

  it('takes a time zone field when the form has one; a bad one is dropped, never a failure', async () => {
    const ok = await post({ storeId, email: 'zoned@example.com', consent: 'true', block: 'b1', returnTo: '/', timeZone: 'Asia/Tokyo' });
    expect(ok.headers.location).toBe('/#ws-signup-done-b1');
    expect(await customer('zoned@example.com')).toMatchObject({ marketingConsent: true, timeZone: 'Asia/Tokyo' });
    const bad = await post({ storeId, email: 'badzone@example.com', consent: 'true', block: 'b1', returnTo: '/', timeZone: '<script>' });
    expect(bad.headers.location).toBe('/#ws-signup-done-b1');
    expect(await customer('badzone@example.com')).toMatchObject({ marketingConsent: true, timeZone: null });
  });

  it('refuses without the consent box or with a bad address; never leaves the site', async () => {
    const refused = await post({ storeId, email: 'nobox@example.com', block: 'b1', returnTo: '//evil.example/x' });
    expect(refused.headers.location).toBe('/#ws-signup-failed-b1');
    expect(await customer('nobox@example.com')).toBeUndefined();
    expect((await post({ storeId, email: 'not-an-address', consent: 'true', block: 'b1', returnTo: '/sec-site/website' })).headers.location).toBe(
      '/sec-site/website#ws-signup-failed-b1',
    );
  });

  it('still subscribes with the websiteBuilder flag off: the page it sits on is still served (decision 028)', async () => {
    await setFlag(t, 'websiteBuilder', false);
    try {
      const reply = await post({ storeId, email: 'flagoff@example.com', consent: 'true', block: 'b1', returnTo: '/sec-site/website' });
      expect(reply.headers.location).toBe('/sec-site/website#ws-signup-done-b1');
      expect((await customer('flagoff@example.com'))?.marketingConsent).toBe(true);
    } finally {
      await setFlag(t, 'websiteBuilder', true);
    }
  });

  it('keeps only same-site paths to return to', () => {
    expect(safeReturnPath('/cozy/website/about')).toBe('/cozy/website/about');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '/a\r\nLocation: x', '/a#b', undefined]) {
      expect(safeReturnPath(bad), String(bad)).toBe('/');
    }
  });
});
