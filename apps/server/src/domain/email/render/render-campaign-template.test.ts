import type { EmailBlock } from '@shopfront/core';
import { describe, expect, it, vi } from 'vitest';
import { personalizeCampaign } from './personalize-campaign.ts';
import { renderCampaignTemplate } from './render-campaign-template.ts';
import type { CampaignProduct, PersonalizeOptions, RenderCampaignInput } from './types.ts';

const PRODUCT_ID = 'prd_aaaaaaaaaaaaaaaaaaaa';
const PRODUCT: CampaignProduct = {
  title: 'Risograph Zine',
  priceLabel: '$12',
  imageUrl: 'https://cdn.example/zine.png',
  url: 'https://shop.example/ada/p/zine',
  published: true,
};

const BODY: EmailBlock[] = [
  { id: 'h', type: 'heading', text: 'Spring drop' },
  { id: 't', type: 'text', html: '<p>New <strong>prints</strong>, see <a href="https://blog.example/post?a=1&b=2">the post</a> or <a href="mailto:hi@ada.example">write</a>.</p>' },
  { id: 'i', type: 'image', src: 'https://cdn.example/hero.png', alt: 'Hero shot', href: 'https://shop.example/ada/hero' },
  { id: 'b', type: 'button', label: 'Shop the drop', href: 'https://shop.example/ada/drop' },
  { id: 'd', type: 'divider' },
  { id: 'p', type: 'product', productId: PRODUCT_ID },
];

function input(overrides: Partial<RenderCampaignInput> = {}, campaign: Partial<RenderCampaignInput['campaign']> = {}): RenderCampaignInput {
  return {
    store: { name: "Ada's Prints", postalAddress: '12 Harbour Lane\nUnit 4\nBristol BS1 4ST', storefrontUrl: 'https://shop.example/ada' },
    campaign: { subject: 'Spring is here', previewText: 'Five new prints this week', body: BODY, ...campaign },
    products: new Map([[PRODUCT_ID, PRODUCT]]),
    tracking: false,
    ...overrides,
  };
}

const UNSUBSCRIBE = 'https://app.example/e/u/tok-123';
const passThrough: PersonalizeOptions = { unsubscribeUrl: UNSUBSCRIBE, openPixelUrl: null, linkUrl: (_index, href) => href };
const tracked = (index: number) => `https://app.example/e/c/r1-${index}`;
const TOKEN = /sfx[0-9a-f]{20}(?:u|p|l\d+)z/gi;

describe('renderCampaignTemplate + personalizeCampaign', () => {
  it('renders every block: heading, sanitised text, linked image, button, divider and the product card', async () => {
    const { html } = personalizeCampaign(await renderCampaignTemplate(input()), passThrough);
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toContain('>Spring drop</h2>');
    expect(html).toContain('New <strong>prints</strong>, see <a href="https://blog.example/post?a=1&amp;b=2"');
    expect(html).toContain('<a href="mailto:hi@ada.example"');
    expect(html).toMatch(/<a href="https:\/\/shop\.example\/ada\/hero"[^>]*><img alt="Hero shot" src="https:\/\/cdn\.example\/hero\.png"/);
    expect(html).toMatch(/<a href="https:\/\/shop\.example\/ada\/drop"[^>]*>.*Shop the drop/);
    expect(html).toContain('<hr');
    // The product card: image, title linked to the product page, price and a "View" button.
    expect(html).toContain('src="https://cdn.example/zine.png"');
    expect(html).toMatch(/<a href="https:\/\/shop\.example\/ada\/p\/zine"[^>]*>Risograph Zine<\/a>/);
    expect(html).toContain('>$12</p>');
    expect(html).toMatch(/<a href="https:\/\/shop\.example\/ada\/p\/zine"[^>]*>.*?View<\/span>/);
    expect(html).not.toMatch(TOKEN);
  });

  it('has the footer: store name, the postal address line by line, why they get it, and the unsubscribe link', async () => {
    const { html, text } = personalizeCampaign(await renderCampaignTemplate(input()), passThrough);
    expect(html).toContain('>Ada&#x27;s Prints</p>');
    expect(html).toContain('>12 Harbour Lane<br/>Unit 4<br/>Bristol BS1 4ST</p>');
    expect(html).toContain('You get this because you opted in at Ada&#x27;s Prints.');
    expect(html).toMatch(/<a href="https:\/\/app\.example\/e\/u\/tok-123"[^>]*>Unsubscribe<\/a>/);
    expect(text).toContain("Ada's Prints\n\n12 Harbour Lane\nUnit 4\nBristol BS1 4ST");
    expect(text).toContain("You get this because you opted in at Ada's Prints.");
    expect(text).toContain(`Unsubscribe ${UNSUBSCRIBE}`);
  });

  it('puts the preview text in a hidden preheader first in the body, and leaves it out of the text part', async () => {
    const { html, text } = personalizeCampaign(await renderCampaignTemplate(input()), passThrough);
    const preheader = /<body[^>]*><!--\$--><!--html--><!--head--><div style="display:none[^"]*"[^>]*>Five new prints this week/;
    expect(html).toMatch(preheader);
    expect(html.indexOf('Five new prints this week')).toBeLessThan(html.indexOf('Spring drop</h2>'));
    expect(text).not.toContain('Five new prints');
    const none = personalizeCampaign(await renderCampaignTemplate(input({}, { previewText: '' })), passThrough);
    expect(none.html).not.toContain('display:none');
  });

  it('indexes every body link in order; the text part carries the same per-recipient links as the HTML', async () => {
    const template = await renderCampaignTemplate(input());
    expect(template.links).toEqual([
      'https://blog.example/post?a=1&b=2',
      'https://shop.example/ada/hero',
      'https://shop.example/ada/drop',
      PRODUCT.url, // card image
      PRODUCT.url, // card title
      PRODUCT.url, // card "View"
    ]);
    const linkUrl = vi.fn((index: number) => tracked(index));
    const { html, text } = personalizeCampaign(template, { unsubscribeUrl: UNSUBSCRIBE, openPixelUrl: null, linkUrl });
    expect(linkUrl.mock.calls).toEqual(template.links.map((href, index) => [index, href]));
    for (const index of template.links.keys()) expect(html).toContain(`href="${tracked(index)}"`);
    // No original target is left in the HTML's links (mailto is not tracked).
    expect(html.match(/href="[^"]*"/g)).toEqual([...template.links.keys()].map((i) => `href="${tracked(i)}"`).toSpliced(1, 0, 'href="mailto:hi@ada.example"').concat(`href="${UNSUBSCRIBE}"`));
    // The text part: the same tracked links beside their words (the card image is left out there).
    expect(text).toContain(`Spring drop`);
    expect(text).toContain(`New prints, see the post ${tracked(0)} or write`);
    expect(text).toContain(tracked(1));
    expect(text).toContain(`Shop the drop ${tracked(2)}`);
    expect(text).not.toContain(tracked(3));
    expect(text).toContain(`Risograph Zine ${tracked(4)}`);
    expect(text).toContain('$12');
    expect(text).toContain(`View ${tracked(5)}`);
    expect(text).not.toMatch(TOKEN);
  });

  it("tags a real send's links to the store with the campaign's UTM values; other links and unsubscribe stay as they are", async () => {
    const campaignId = 'cmp_0123456789abcdefghij';
    const utm = `utm_source=shopfront&utm_medium=email&utm_campaign=${campaignId}`;
    const template = await renderCampaignTemplate(input({ attribution: { campaignId, storeBases: ['https://shop.example/ada'] } }));
    expect(template.links).toEqual([
      'https://blog.example/post?a=1&b=2',
      `https://shop.example/ada/hero?${utm}`,
      `https://shop.example/ada/drop?${utm}`,
      `${PRODUCT.url}?${utm}`,
      `${PRODUCT.url}?${utm}`,
      `${PRODUCT.url}?${utm}`,
    ]);
    const { html, text } = personalizeCampaign(template, passThrough);
    expect(html).toContain(`href="https://shop.example/ada/drop?${utm.replaceAll('&', '&amp;')}"`);
    expect(html).toContain('<a href="mailto:hi@ada.example"');
    expect(html).toMatch(/<a href="https:\/\/app\.example\/e\/u\/tok-123"[^>]*>Unsubscribe<\/a>/);
    expect(text).toContain(`Unsubscribe ${UNSUBSCRIBE}`);
    // Previews and test sends pass no attribution: the links are as written (see the test above).
    expect((await renderCampaignTemplate(input())).links[1]).toBe('https://shop.example/ada/hero');
  });

  it('adds the open pixel only when the template tracks and the recipient has a pixel URL', async () => {
    const pixel = 'https://app.example/e/o/r1.gif';
    const trackedTemplate = await renderCampaignTemplate(input({ tracking: true }));
    const withPixel = personalizeCampaign(trackedTemplate, { ...passThrough, openPixelUrl: pixel });
    expect(withPixel.html).toContain(`<img src="${pixel}" width="1" height="1" alt=""`);
    expect(withPixel.text).not.toContain(pixel);
    expect(personalizeCampaign(trackedTemplate, passThrough).html).not.toContain('width="1"');
    const untracked = personalizeCampaign(await renderCampaignTemplate(input()), { ...passThrough, openPixelUrl: pixel });
    expect(untracked.html).not.toContain(pixel);
  });

  it('leaves out a product card whose product is not in the map, and a link product shows no price', async () => {
    const missing = personalizeCampaign(await renderCampaignTemplate(input({ products: new Map() })), passThrough);
    expect(missing.html).not.toContain('Risograph Zine');
    expect(missing.html).toContain('Shop the drop');
    const link = personalizeCampaign(
      await renderCampaignTemplate(input({ products: new Map([[PRODUCT_ID, { ...PRODUCT, priceLabel: null, imageUrl: null }]]) })),
      passThrough,
    );
    expect(link.html).toContain('Risograph Zine</a>');
    expect(link.html).not.toContain('$12');
    expect(link.html).not.toContain('zine.png');
  });

  it('keeps the subject as written for the header, and renders it as the HTML title', async () => {
    const email = personalizeCampaign(await renderCampaignTemplate(input({}, { subject: 'Fish & chips' })), passThrough);
    expect(email.subject).toBe('Fish & chips');
    expect(email.html).toContain('<title>Fish &amp; chips</title>');
  });
});

describe('escaping', () => {
  const XSS = '<script>alert(1)</script>';

  it('escapes HTML in the store name, subject, preview text, heading, button, alt text, address and product title', async () => {
    const template = await renderCampaignTemplate(
      input(
        {
          store: { name: `Shop ${XSS}`, postalAddress: `1 Road ${XSS}\n<b>Town</b>`, storefrontUrl: 'https://shop.example/x' },
          products: new Map([[PRODUCT_ID, { ...PRODUCT, title: `Zine ${XSS}`, priceLabel: `<i>$12</i>` }]]),
        },
        {
          subject: `Hi ${XSS}`,
          previewText: `Pre ${XSS}`,
          body: [
            { id: 'h', type: 'heading', text: `Head ${XSS}` },
            { id: 'i', type: 'image', src: 'https://cdn.example/a.png', alt: `"><img src=x onerror=alert(1)>` },
            { id: 'b', type: 'button', label: `Go ${XSS}`, href: 'https://shop.example/x' },
            { id: 'p', type: 'product', productId: PRODUCT_ID },
          ],
        },
      ),
    );
    const { html, subject } = personalizeCampaign(template, passThrough);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>Town');
    expect(html).not.toContain('<i>$12');
    expect(html).not.toMatch(/<img src=x/);
    expect(html).toContain('<title>Hi &lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(html).toContain('Pre &lt;script&gt;');
    expect(html).toContain('Head &lt;script&gt;alert(1)&lt;/script&gt;</h2>');
    expect(html).toContain('alt="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
    expect(html).toContain('Go &lt;script&gt;');
    expect(html).toContain('Zine &lt;script&gt;alert(1)&lt;/script&gt;</a>');
    expect(html).toContain('Shop &lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(html).toContain('You get this because you opted in at Shop &lt;script&gt;');
    expect(html).toContain('1 Road &lt;script&gt;alert(1)&lt;/script&gt;<br/>&lt;b&gt;Town&lt;/b&gt;');
    // The subject header is plain text: left as written, for the mail library to encode.
    expect(subject).toBe(`Hi ${XSS}`);
  });

  it('sanitises a text block like a product description: no script, handlers, styles or javascript: links', async () => {
    const template = await renderCampaignTemplate(
      input({}, {
        body: [{ id: 't', type: 'text', html: `<p style="color:red" onclick="x()">Hi ${XSS}<img src=x onerror=alert(1)><a href="javascript:alert(1)">bad</a><iframe src="https://evil.example"></iframe></p>` }],
      }),
    );
    const { html } = personalizeCampaign(template, passThrough);
    expect(html).toContain('<p>Hi <a');
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|color:red/);
    expect(template.links).toEqual([]);
  });

  it('HTML-escapes the per-recipient URLs it fills in, and puts them in the text part as they are', async () => {
    const evil = 'https://app.example/e/u/x"><script>alert(1)</script>&y';
    const { html, text } = personalizeCampaign(await renderCampaignTemplate(input({ tracking: true })), {
      unsubscribeUrl: evil,
      openPixelUrl: evil,
      linkUrl: () => evil,
    });
    expect(html).not.toContain('<script');
    expect(html).toContain('href="https://app.example/e/u/x&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;y"');
    expect(html).toContain('<img src="https://app.example/e/u/x&quot;&gt;&lt;script&gt;');
    expect(text).toContain(`Unsubscribe ${evil}`);
  });
});

describe('placeholder tokens cannot be forged', () => {
  it('leaves a token copied from another render into a block, a title or a link as literal text', async () => {
    const first = await renderCampaignTemplate(input({ tracking: true }));
    const stolen = first.html.match(TOKEN) ?? [];
    expect(stolen.length).toBeGreaterThan(3);
    const unsubscribeToken = stolen.find((token) => token.endsWith('uz'))!;
    const pixelToken = stolen.find((token) => token.endsWith('pz'))!;
    const linkToken = stolen.find((token) => token.endsWith('l0z'))!;

    const second = await renderCampaignTemplate(
      input(
        { tracking: true, store: { name: `Shop ${unsubscribeToken}`, postalAddress: pixelToken, storefrontUrl: 'https://shop.example/ada' } },
        {
          subject: `Subject ${unsubscribeToken}`,
          body: [
            { id: 'h', type: 'heading', text: `Heading ${linkToken}` },
            { id: 't', type: 'text', html: `<p>Text ${unsubscribeToken} ${pixelToken} <a href="https://evil.example/${unsubscribeToken}">x</a></p>` },
            { id: 'b', type: 'button', label: `Go ${unsubscribeToken}`, href: `https://evil.example/${linkToken}` },
          ],
        },
      ),
    );
    expect(second.nonce).not.toBe(first.nonce);
    const email = personalizeCampaign(second, {
      unsubscribeUrl: 'https://app.example/e/u/REAL',
      openPixelUrl: 'https://app.example/e/o/REAL.gif',
      linkUrl: (index) => `https://app.example/e/c/REAL-${index}`,
    });
    // Only the renderer's own slots are filled: one unsubscribe link, one pixel, two body links.
    expect(email.html.split('https://app.example/e/u/REAL"').length - 1).toBe(1);
    expect(email.html.split('REAL.gif').length - 1).toBe(1);
    expect(email.html.match(/e\/c\/REAL-\d/g)).toEqual(['e/c/REAL-0', 'e/c/REAL-1']);
    // The copied strings stay literally where the creator typed them.
    expect(email.subject).toBe(`Subject ${unsubscribeToken}`);
    expect(email.html).toContain(`Heading ${linkToken}</h2>`);
    expect(email.html).toContain(`<p>Text ${unsubscribeToken} ${pixelToken} `);
    expect(email.html).toContain(`Go ${unsubscribeToken}`);
    expect(email.html).toContain(`Shop ${unsubscribeToken}</p>`);
    expect(email.text).toContain(`Text ${unsubscribeToken} ${pixelToken}`);
    expect(second.links).toEqual([`https://evil.example/${unsubscribeToken}`, `https://evil.example/${linkToken}`]);
  });

  it('never re-scans a value it filled in, so a URL that looks like a token stays as given', async () => {
    const template = await renderCampaignTemplate(input());
    const ownToken = `sfx${template.nonce}l0z`;
    const email = personalizeCampaign(template, { unsubscribeUrl: `https://app.example/e/u/${ownToken}`, openPixelUrl: null, linkUrl: (_i, href) => href });
    expect(email.html).toContain(`href="https://app.example/e/u/${ownToken}"`);
    expect(email.text).toContain(`Unsubscribe https://app.example/e/u/${ownToken}`);
  });
});
