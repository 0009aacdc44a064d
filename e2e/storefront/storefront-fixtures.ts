import { expect, type Browser, type Page } from '@playwright/test';
import type { CreatorApi } from '../support/creators.ts';

/** The store builder's profile (core StoreProfile; e2e keeps its own copy of the shape). */
export interface StoreProfile {
  name: string;
  description: string;
  avatarUrl: string | null;
  socialLinks: { platform: string; url: string }[];
  links: { id: string; title: string; url: string; description?: string; hidden?: boolean }[];
  theme: 'mocha-mood' | 'neon-pulse';
  themeOverrides: { colors: Record<string, string> };
  productLayout: { order: string[]; hidden: string[] };
}

export async function publishStore(creator: CreatorApi, slug: string, profile: (storeId: string) => Promise<StoreProfile> | StoreProfile) {
  const store = await creator.call<{ id: string; slug: string }>('createStoreWithTenant', { storeName: `Store ${slug}`, slug });
  await creator.call('saveStoreDraft', { storeId: store.id, profile: await profile(store.id) });
  await creator.call('publishStoreDraft', { storeId: store.id });
  return store;
}

/** Uploads an image as the store's picture (the builder's upload); answers its `/files/…` URL. */
export async function uploadImage(creator: CreatorApi, storeId: string, png: Buffer): Promise<string> {
  const response = await creator.api.post(`/api/stores/${storeId}/avatar`, { data: png, headers: { 'Content-Type': 'image/png' } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

/**
 * A PNG painted by the browser itself (no image files in the repo, no network): CSS gradients and
 * shapes, screenshotted. Used for avatars and product covers in the screenshots.
 */
export async function paintPng(browser: Browser, css: string, size = { width: 480, height: 360 }): Promise<Buffer> {
  const page = await browser.newPage({ viewport: size });
  try {
    await page.setContent(`<body style="margin:0"><div id="art" style="width:${size.width}px;height:${size.height}px;${css}"></div></body>`);
    return await page.locator('#art').screenshot({ type: 'png' });
  } finally {
    await page.close();
  }
}

export const LINKS: StoreProfile['links'] = [
  { id: 'l1', title: 'Shop the spring glaze drop', url: 'https://example.com/drop', description: 'Twelve one-off mugs, ready to ship' },
  { id: 'l2', title: 'Join the studio newsletter', url: 'https://example.com/newsletter' },
  { id: 'l3', title: 'Book a wheel-throwing class', url: 'https://example.com/classes', description: 'Saturdays in Portland · 4 seats' },
  { id: 'l4', title: 'Watch: a day at the kiln', url: 'https://example.com/video' },
  { id: 'l5', title: 'Wholesale enquiries', url: 'mailto:hello@example.com' },
  { id: 'l6', title: 'Not for visitors', url: 'https://example.com/hidden', hidden: true },
];

export const SOCIALS: StoreProfile['socialLinks'] = [
  { platform: 'instagram', url: 'https://instagram.com/example' },
  { platform: 'tiktok', url: 'https://tiktok.com/@example' },
  { platform: 'youtube', url: 'https://youtube.com/@example' },
  { platform: 'pinterest', url: 'https://pinterest.com/example' },
  { platform: 'email', url: 'mailto:hello@example.com' },
];

export function profile(overrides: Partial<StoreProfile>): StoreProfile {
  return {
    name: 'Juniper Clay Studio',
    description: 'Small-batch ceramics from a sunny garage in Portland. Slow mornings deserve a good mug ☕',
    avatarUrl: null,
    socialLinks: SOCIALS,
    links: LINKS,
    theme: 'mocha-mood',
    themeOverrides: { colors: {} },
    productLayout: { order: [], hidden: [] },
    ...overrides,
  };
}

/**
 * WCAG AA as the browser actually paints it: the computed text colour of `text` against the
 * computed (opaque) background colour of `background`.
 */
export async function contrastOf(page: Page, text: string, background: string): Promise<number> {
  return page.evaluate(
    ([textSelector, backgroundSelector]) => {
      // `rgb(r, g, b)` (0–255) or, for color-mix() results, `color(srgb r g b / a)` (0–1).
      const rgb = (value: string) => {
        const numbers = (value.replace(/^color\(srgb/, '').match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
        return value.startsWith('color(') ? numbers.map((n) => n * 255) : numbers;
      };
      const luminance = (value: string) => {
        const [r, g, b] = rgb(value).map((channel) => {
          const c = channel / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        }) as [number, number, number];
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const color = getComputedStyle(document.querySelector(textSelector)!).color;
      const fill = getComputedStyle(document.querySelector(backgroundSelector)!).backgroundColor;
      const [light, dark] = [luminance(color), luminance(fill)].sort((a, b) => b - a) as [number, number];
      return (light + 0.05) / (dark + 0.05);
    },
    [text, background] as const,
  );
}

/** A storefront product as the server sends it (core StorefrontProductSchema; e2e keeps its own copy of the shape). */
export interface SampleProduct {
  id: string;
  slug: string;
  type: 'digital' | 'lead-magnet' | 'link';
  title: string;
  subtitle: string | null;
  coverImageUrl: string | null;
  priceMode: 'fixed' | 'free' | 'pay-what-you-want';
  priceCents: number | null;
  minPriceCents: number;
  compareAtCents: number | null;
  currency: string;
  ctaLabel: string;
  externalUrl: string | null;
}

/** Sample products for the design previews: a sale, a PDF, pay what you want, a freebie and a link. */
export function sampleProducts(covers: string[]): SampleProduct[] {
  const product = (id: string, fields: Partial<SampleProduct>): SampleProduct => ({
    id,
    slug: id,
    type: 'digital',
    title: id,
    subtitle: null,
    coverImageUrl: null,
    priceMode: 'fixed',
    priceCents: 0,
    minPriceCents: 0,
    compareAtCents: null,
    currency: 'usd',
    ctaLabel: 'Buy now',
    externalUrl: null,
    ...fields,
  });
  return [
    product('speckled-mug', { title: 'Speckled Morning Mug', subtitle: 'Stoneware · 12 oz · dishwasher safe', priceCents: 3800, compareAtCents: 4800, coverImageUrl: covers[0] ?? null }),
    product('glaze-guide', { title: 'Glaze Chemistry 101', subtitle: 'A 40-page PDF guide to mixing your very first glazes at home', priceCents: 1500, ctaLabel: 'Get the guide', coverImageUrl: covers[1] ?? null }),
    product('masterclass', { title: 'Wheel-Throwing Masterclass', subtitle: 'Three hours of video, from centring to trimming', priceMode: 'pay-what-you-want', priceCents: 4950, minPriceCents: 2500, ctaLabel: 'Enroll', coverImageUrl: covers[2] ?? null }),
    product('wallpapers', { type: 'lead-magnet', title: 'Studio Wallpaper Pack', subtitle: 'Phone wallpapers straight from the kiln', priceMode: 'free', ctaLabel: 'Get it free' }),
    product('kiln-shop', { type: 'link', title: 'My favourite kiln', subtitle: 'The one I fire everything in (affiliate link)', priceMode: 'free', priceCents: null, ctaLabel: 'Visit', externalUrl: 'https://example.com/kiln' }),
  ];
}

/** Uploads a product cover (resized by the server); answers its `/files/…` URL. */
export async function uploadCover(creator: CreatorApi, storeId: string, png: Buffer): Promise<string> {
  const response = await creator.api.post(`/api/stores/${storeId}/images`, { data: png, headers: { 'Content-Type': 'image/png' } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

/**
 * The sample products made for real through the public functions: created, given a file when they
 * are downloads, and published. Answers their ids and slugs in sample order (publish the store,
 * then `reorderProducts` with the ids: the builder's draft carries the storefront order).
 */
export async function createSampleProducts(creator: CreatorApi, storeId: string, covers: string[]): Promise<{ ids: string[]; slugs: string[] }> {
  const ids: string[] = [];
  const slugs: string[] = [];
  for (const sample of sampleProducts(covers)) {
    const created = await creator.call<{ id: string; slug: string }>('createProduct', {
      storeId,
      type: sample.type,
      title: sample.title,
      slug: sample.slug,
      subtitle: sample.subtitle ?? '',
      descriptionHtml: '<p>Made by hand in a tiny studio.</p><ul><li>Instant download</li><li>Lifetime updates</li></ul>',
      coverImageUrl: sample.coverImageUrl,
      priceMode: sample.priceMode,
      priceCents: sample.priceCents ?? 0,
      minPriceCents: sample.minPriceCents,
      compareAtCents: sample.compareAtCents,
      ctaLabel: sample.ctaLabel,
      externalUrl: sample.externalUrl,
    });
    if (sample.type !== 'link') {
      const upload = await creator.api.put(`/api/stores/${storeId}/products/${created.id}/files`, {
        data: Buffer.from(`${sample.title} contents`),
        headers: { 'Content-Type': 'application/pdf', 'X-File-Name': encodeURIComponent(`${sample.slug}.pdf`) },
      });
      expect(upload.status(), await upload.text()).toBe(201);
    }
    await creator.call('updateProduct', { storeId, productId: created.id, status: 'published' });
    ids.push(created.id);
    slugs.push(created.slug);
  }
  return { ids, slugs };
}
