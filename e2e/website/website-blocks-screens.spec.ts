import { expect, test, type Browser } from '@playwright/test';
import { signedInCreator } from '../support/creators.ts';
import { DESKTOP, expectLayoutAt, expectNoSidewaysScroll, PHONE } from '../support/layout.ts';
import { shot } from '../support/screens.ts';
import { uniqueSlug } from '../support/seed.ts';
import { flagOn } from '../support/platform-admin.ts';
import { createPublishedProduct, paintPng, publishThemedStore, uploadImage, type WebsitePageSummary } from './website-fixtures.ts';

/**
 * Every website block (all 17) on one published page, in both themes on a phone (390 px), then
 * resized to a desktop (1280 px), for people to look at: `e2e/.artifacts/screenshots/website-blocks-{theme}-{width}.png`.
 * The page is made through the functions (the drag and drop is website-builder.spec.ts's); its
 * images are real uploads through the product-cover route, its products real published products.
 */

const ART = [
  'background: radial-gradient(circle at 30% 35%, #f6e3c8 0 18%, transparent 19%), linear-gradient(150deg, #c98f5a, #6d3f25);',
  'background: repeating-linear-gradient(45deg, #204a5e 0 22px, #2c6178 22px 44px);',
  'background: conic-gradient(from 120deg at 50% 50%, #ff2bd6, #7a5cff, #4df3ff, #ff2bd6);',
  'background: radial-gradient(ellipse at 50% 110%, #f2b36b 0 35%, #5a2e1b 36% 100%);',
  'background: linear-gradient(180deg, #0c1445 0 55%, #ff7a59 55% 60%, #1b0f2e 60%);',
  'background: repeating-radial-gradient(circle at 50% 50%, #e9d6bf 0 12px, #b3835c 12px 24px);',
];

type Block = { type: string; props: Record<string, unknown> };

function allBlocks(slug: string, images: string[], productIds: string[]): Block[] {
  const img = (index: number) => images[index % images.length]!;
  let n = 0;
  const block = (type: string, props: Record<string, unknown>): Block => ({ type, props: { id: `${type}-${++n}`, ...props } });
  return [
    block('SiteHeader', { showStoreName: true, ctaLabel: 'Shop', ctaHref: `/${slug}` }),
    block('Hero', {
      heading: 'Slow mornings, good mugs',
      subheading: 'Small-batch ceramics and the guides behind them.\nMade in a sunny garage in Portland.',
      imageSrc: img(0),
      imageAlt: 'A speckled mug on a wooden table',
      ctaLabel: 'See the shop',
      ctaHref: `/${slug}`,
      align: 'left',
    }),
    block('RichText', { html: '<h2>About the studio</h2><p>Every piece is <strong>thrown by hand</strong>, glazed in small batches and fired twice. <a href="/about">Read the story</a>.</p><ul><li>Food safe glazes</li><li>Dishwasher safe</li></ul>' }),
    block('Image', { src: img(1), alt: 'Glaze tests lined up on a shelf', caption: 'Glaze tests from the spring firing', width: 'wide' }),
    block('ImageText', { src: img(3), alt: 'The kiln at dusk', heading: 'Fired in our own kiln', html: '<p>Twice a month the kiln runs overnight. Subscribers hear first when a firing is done.</p>', imageSide: 'right' }),
    block('Gallery', { images: [0, 1, 2, 3, 4, 5].map((index) => ({ src: img(index), alt: `Studio photo ${index + 1}` })), columns: 3 }),
    block('ButtonRow', { buttons: [{ label: 'Shop the drop', href: `/${slug}`, style: 'primary' }, { label: 'Book a class', href: 'https://example.com/classes', style: 'secondary' }] }),
    block('VideoEmbed', { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'A day at the kiln' }),
    block('Testimonials', {
      heading: 'What people say',
      items: [
        { quote: 'The mug I reach for every single morning.', name: 'Ada L.', role: 'Coffee person' },
        { quote: 'The glaze guide finally made it click.\nMy first batch came out great.', name: 'Sam R.', role: '' },
        { quote: 'Beautiful work, packed with care.', name: 'Priya K.', role: 'Collector' },
      ],
    }),
    block('Faq', {
      heading: 'Questions',
      items: [
        { question: 'How do I get my download?', answer: 'Right after checkout, and by email.' },
        { question: 'Do you ship outside the US?', answer: 'Not yet: the digital guides work everywhere.' },
      ],
    }),
    block('ProductGrid', { heading: 'Shop', productIds: [], columns: 3 }),
    block('ProductCard', { productId: productIds[1]! }),
    block('EmailSignup', { heading: 'Join the newsletter', text: 'Firing days, new glazes and the odd discount.\nNo spam.', buttonLabel: 'Subscribe', consentLabel: 'I agree to receive emails from this store.' }),
    block('LinkList', {
      heading: 'Elsewhere',
      links: [
        { label: 'Instagram', href: 'https://instagram.com/example' },
        { label: 'Wholesale enquiries', href: 'mailto:hello@example.com' },
        { label: 'About the studio', href: '/about' },
      ],
    }),
    block('Spacer', { size: 'md', divider: true }),
    block('Columns', {
      layout: '1-1-1',
      left: [block('RichText', { html: '<h3>Thrown</h3><p>Centred, pulled and trimmed by hand.</p>' })],
      middle: [block('RichText', { html: '<h3>Glazed</h3><p>Mixed from raw materials in small batches.</p>' })],
      right: [block('ButtonRow', { buttons: [{ label: 'Learn how', href: '/about', style: 'secondary' }] })],
    }),
    block('SiteFooter', { text: 'Portland, Oregon · made by hand since 2019.\nReplies within two days.', showNavigation: true }),
  ];
}

/** A published store in `theme` with real products, and a published home page holding every block. */
async function seedSite(browser: Browser, request: Parameters<typeof signedInCreator>[0], theme: 'mocha-mood' | 'neon-pulse') {
  const creator = await signedInCreator(request, `blocks-${theme}`);
  const { api } = creator;
  const name = theme === 'neon-pulse' ? 'Night Drive Audio' : 'Juniper Clay Studio';
  const store = await publishThemedStore(api, { slug: uniqueSlug(`blocks-${theme.split('-')[0]}`), name, theme });
  const images: string[] = [];
  for (const css of ART) images.push(await uploadImage(api, store.id, await paintPng(browser, css)));
  // The products the grid shows: a sale with a cover, a paid guide, pay what you want, a freebie and a link.
  const products = [
    await createPublishedProduct(api, store.id, { type: 'digital', title: 'Speckled Morning Mug', subtitle: 'Stoneware · 12 oz · dishwasher safe', priceMode: 'fixed', priceCents: 3800, compareAtCents: 4800, coverImageUrl: images[0] }),
    await createPublishedProduct(api, store.id, { type: 'digital', title: 'Glaze Chemistry 101', subtitle: 'A 40-page PDF guide to mixing your very first glazes at home', priceMode: 'fixed', priceCents: 1500, ctaLabel: 'Get the guide', coverImageUrl: images[1] }),
    await createPublishedProduct(api, store.id, { type: 'digital', title: 'Wheel-Throwing Masterclass', subtitle: 'Three hours of video, from centring to trimming', priceMode: 'pay-what-you-want', priceCents: 4950, minPriceCents: 2500, ctaLabel: 'Enroll', coverImageUrl: images[2] }),
    await createPublishedProduct(api, store.id, { type: 'lead-magnet', title: 'Studio Wallpaper Pack', subtitle: 'Phone wallpapers straight from the kiln', priceMode: 'free', ctaLabel: 'Get it free' }),
    await createPublishedProduct(api, store.id, { type: 'link', title: 'My favourite kiln', subtitle: 'The one I fire everything in (affiliate link)', priceMode: 'free', ctaLabel: 'Visit', externalUrl: 'https://example.com/kiln' }),
  ];
  const { pages } = await creator.call<{ pages: WebsitePageSummary[] }>('listWebsitePages', { storeId: store.id });
  const home = pages.find((page) => page.slug === 'home')!;
  const content = { root: { props: {} }, content: allBlocks(store.slug, images, products.map((product) => product.id)) };
  await creator.call('saveWebsitePageDraft', { storeId: store.id, pageId: home.id, content });
  await creator.call('publishWebsitePage', { storeId: store.id, pageId: home.id });
  // A second page, so the header and footer have a navigation to show.
  const about = await creator.call<{ id: string }>('createWebsitePage', { storeId: store.id, title: 'About', slug: 'about' });
  await creator.call('saveWebsitePageDraft', { storeId: store.id, pageId: about.id, content: { root: { props: {} }, content: [{ type: 'RichText', props: { id: 'RichText-a', html: '<p>Our story.</p>' } }] } });
  await creator.call('publishWebsitePage', { storeId: store.id, pageId: about.id });
  await api.dispose();
  return { slug: store.slug };
}

test.describe('website blocks in both themes', () => {
  let restoreFlag = async () => {};
  test.beforeAll(async () => {
    restoreFlag = await flagOn('websiteBuilder', 'e2e website blocks');
  });
  test.afterAll(() => restoreFlag());

  for (const theme of ['mocha-mood', 'neon-pulse'] as const) {
    test(`${theme}: all 17 blocks at 390 and 1280 px`, async ({ browser, request }) => {
      test.setTimeout(60_000);
      const { slug } = await seedSite(browser, request, theme);
      const context = await browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      // The privacy-enhanced player cannot load offline: a stand-in frame shows where it plays.
      await page.route('https://www.youtube-nocookie.com/**', (route) =>
        route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<body style="margin:0;display:grid;place-items:center;height:100vh;background:#111;color:#eee;font:600 20px system-ui">▶ Video player</body>' }),
      );
      const response = await page.goto(`/${slug}/website`);
      expect(response?.status()).toBe(200);
      await expect(page.locator('.sf-root')).toHaveAttribute('data-theme', theme);
      const headings = [page.getByRole('heading', { level: 1, name: 'Slow mornings, good mugs' })];
      for (const heading of ['About the studio', 'Fired in our own kiln', 'What people say', 'Questions', 'Shop', 'Glaze Chemistry 101', 'Join the newsletter', 'Elsewhere', 'Thrown', 'Glazed']) {
        headings.push(page.getByRole('heading', { name: heading, exact: true }).first());
      }
      for (const heading of headings) await expect(heading).toBeVisible();
      await expect(page.getByText('Glaze tests from the spring firing')).toBeVisible();
      await expect(page.locator('iframe[title="A day at the kiln"]')).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ/);
      // Every uploaded image loaded (lazy ones are scrolled into view by the full-page shot; wait for them).
      await page.evaluate(async () => {
        for (const img of Array.from(document.images)) img.loading = 'eager';
        await Promise.all(Array.from(document.images).map((img) => (img.complete ? null : new Promise((done) => ((img.onload = done), (img.onerror = done))))));
      });
      // The player is lazy: bring it into view so it loads before the full-page shot.
      await page.locator('iframe[title="A day at the kiln"]').scrollIntoViewIfNeeded();
      await expect(page.frameLocator('iframe[title="A day at the kiln"]').getByText('▶ Video player')).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      const broken = await page.evaluate(() => Array.from(document.images).filter((img) => img.naturalWidth === 0).map((img) => img.src));
      expect(broken).toEqual([]);
      // Nothing wider than the screen, on the phone and on the desktop.
      await expectNoSidewaysScroll(page, PHONE.width);
      await shot(page, `website-blocks-${theme}`);
      await expectLayoutAt(page, DESKTOP, headings, `website-blocks-${theme}`);
      await context.close();
    });
  }
});
