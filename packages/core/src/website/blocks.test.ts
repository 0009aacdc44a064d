import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { WEBSITE_LIMITS, WebsitePageContentSchema, countBlocks, websiteContentBytes, websiteTextTooLong, youtubeOrVimeoEmbedUrl } from './blocks.ts';

const M = MESSAGES.website;
const page = (content: unknown[]) => ({ root: { props: {} }, content });
const spacer = (id = 's') => ({ type: 'Spacer', props: { id, size: 'sm', divider: false } });
const hero = (props: Record<string, unknown> = {}) => ({
  type: 'Hero',
  props: { id: 'h', heading: 'Hi', subheading: 'Line one\nline two', align: 'left', ...props },
});
const firstMessage = (value: unknown) => WebsitePageContentSchema.safeParse(value).error?.issues[0]?.message;
const ok = (value: unknown) => WebsitePageContentSchema.safeParse(value).success;

describe('WebsitePageContentSchema', () => {
  it('accepts every block type', () => {
    const id = 'prd_' + 'a'.repeat(20);
    const blocks = [
      hero({ imageSrc: '/files/store_x/cover.png', ctaHref: '/about' }),
      { type: 'RichText', props: { id: '2', html: '<p>x</p>' } },
      { type: 'Image', props: { id: '3', src: 'https://example.com/a.png', alt: 'a', width: 'wide' } },
      { type: 'ImageText', props: { id: '4', src: '', alt: '', heading: 'h', html: '', imageSide: 'right' } },
      { type: 'Gallery', props: { id: '5', images: [{ src: '/files/s/a.png', alt: 'a' }], columns: 3 } },
      { type: 'ButtonRow', props: { id: '6', buttons: [{ label: 'Go', href: 'mailto:a@b.co', style: 'primary' }] } },
      { type: 'VideoEmbed', props: { id: '7', url: 'https://youtu.be/dQw4w9WgXcQ', title: 'v' } },
      { type: 'Testimonials', props: { id: '8', items: [{ quote: 'q', name: 'n' }] } },
      { type: 'Faq', props: { id: '9', items: [{ question: 'q', answer: 'a' }] } },
      { type: 'ProductGrid', props: { id: '10', productIds: [id], columns: 2 } },
      { type: 'ProductCard', props: { id: '11', productId: id } },
      { type: 'EmailSignup', props: { id: '12', heading: 'h', buttonLabel: 'b', consentLabel: 'c' } },
      { type: 'LinkList', props: { id: '13', links: [{ label: 'l', href: 'https://x.co' }] } },
      spacer('14'),
      { type: 'Columns', props: { id: '15', layout: '1-2', left: [spacer('16')], middle: [], right: [hero()] } },
      { type: 'SiteHeader', props: { id: '17', showStoreName: true } },
      { type: 'SiteFooter', props: { id: '18', showNavigation: true } },
    ];
    const parsed = WebsitePageContentSchema.parse(page(blocks));
    expect(parsed.content.map((block) => block.type)).toHaveLength(17);
    expect(countBlocks(parsed.content)).toBe(19);
  });

  it('refuses unknown block types, unknown props and unknown page keys with the §8 message', () => {
    expect(firstMessage(page([{ type: 'Script', props: { id: 'x' } }]))).toBe(MESSAGES.generic.invalidArgument);
    expect(firstMessage(page([{ ...spacer(), props: { ...spacer().props, style: 'x' } }]))).toBe(MESSAGES.generic.invalidArgument);
    expect(firstMessage({ ...page([]), extra: 1 })).toBe(MESSAGES.generic.invalidArgument);
    expect(firstMessage({ root: { props: { title: 'x' } }, content: [] })).toBe(MESSAGES.generic.invalidArgument);
  });

  it('refuses javascript:, data: and protocol-relative links', () => {
    for (const href of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,x', '//evil.example', '/\\evil.example', 'evil']) {
      expect(firstMessage(page([hero({ ctaHref: href })]))).toBe(M.linkInvalid);
    }
    for (const href of ['https://a.co', 'http://a.co', 'mailto:a@b.co', '/shop/p/x', '']) expect(ok(page([hero({ ctaHref: href })]))).toBe(true);
  });

  it('takes only uploaded or https images, and only YouTube or Vimeo videos', () => {
    expect(firstMessage(page([hero({ imageSrc: 'http://a.co/x.png' })]))).toBe(M.imageInvalid);
    expect(firstMessage(page([hero({ imageSrc: 'javascript:x' })]))).toBe(M.imageInvalid);
    const video = (url: string) => page([{ type: 'VideoEmbed', props: { id: 'v', url, title: 't' } }]);
    expect(firstMessage(video('https://evil.example/watch?v=dQw4w9WgXcQ'))).toBe(M.videoInvalid);
    expect(ok(video('https://vimeo.com/76979871'))).toBe(true);
  });

  it('refuses Columns, SiteHeader and SiteFooter inside Columns', () => {
    const inner = [
      { type: 'Columns', props: { id: 'c2', layout: '1-1', left: [], middle: [], right: [] } },
      { type: 'SiteHeader', props: { id: 'h', showStoreName: true } },
      { type: 'SiteFooter', props: { id: 'f', showNavigation: false } },
    ];
    for (const block of inner) {
      const columns = { type: 'Columns', props: { id: 'c', layout: '1-1', left: [block], middle: [], right: [] } };
      expect(firstMessage(page([columns]))).toBe(MESSAGES.generic.invalidArgument);
    }
  });

  it('holds each list to its limits, on both sides', () => {
    const gallery = (n: number) => page([{ type: 'Gallery', props: { id: 'g', images: Array.from({ length: n }, () => ({ src: '', alt: '' })), columns: 2 } }]);
    expect([ok(gallery(0)), ok(gallery(1)), ok(gallery(24)), ok(gallery(25))]).toEqual([false, true, true, false]);
    const buttons = (n: number) => page([{ type: 'ButtonRow', props: { id: 'b', buttons: Array.from({ length: n }, () => ({ label: 'b', href: '/', style: 'secondary' })) } }]);
    expect([ok(buttons(0)), ok(buttons(1)), ok(buttons(4)), ok(buttons(5))]).toEqual([false, true, true, false]);
    const faq = (n: number) => page([{ type: 'Faq', props: { id: 'f', items: Array.from({ length: n }, () => ({ question: 'q', answer: 'a' })) } }]);
    expect([ok(faq(30)), ok(faq(31))]).toEqual([true, false]);
    const quotes = (n: number) => page([{ type: 'Testimonials', props: { id: 't', items: Array.from({ length: n }, () => ({ quote: 'q', name: 'n' })) } }]);
    expect([ok(quotes(12)), ok(quotes(13))]).toEqual([true, false]);
    const links = (n: number) => page([{ type: 'LinkList', props: { id: 'l', links: Array.from({ length: n }, () => ({ label: 'l', href: '/' })) } }]);
    expect([ok(links(20)), ok(links(21))]).toEqual([true, false]);
    const grid = (n: number) => page([{ type: 'ProductGrid', props: { id: 'p', productIds: Array.from({ length: n }, () => 'prd_' + 'b'.repeat(20)), columns: 3 } }]);
    expect([ok(grid(0)), ok(grid(24)), ok(grid(25))]).toEqual([true, true, false]);
  });

  it('says the limit of a text over it, at the field, and takes the limit itself', () => {
    const issue = (value: unknown) => WebsitePageContentSchema.safeParse(value).error?.issues[0];
    expect(ok(page([hero({ heading: 'h'.repeat(WEBSITE_LIMITS.shortTextMax) })]))).toBe(true);
    expect(issue(page([hero({ heading: 'h'.repeat(WEBSITE_LIMITS.shortTextMax + 1) })]))).toMatchObject({
      path: ['content', 0, 'props', 'heading'],
      message: 'Keep this to 200 characters or fewer.',
    });
    expect(firstMessage(page([hero({ subheading: 's'.repeat(WEBSITE_LIMITS.longTextMax + 1) })]))).toBe(websiteTextTooLong(WEBSITE_LIMITS.longTextMax));
    expect(websiteTextTooLong(50_000)).toBe('Keep this to 50,000 characters or fewer.');
  });

  it('allows 200 blocks counting nested ones, not 201', () => {
    const columns = (n: number) => ({ type: 'Columns', props: { id: 'c', layout: '1-1-1', left: Array.from({ length: n }, () => spacer()), middle: [], right: [] } });
    const at = (total: number) => page([...Array.from({ length: total - 11 }, () => spacer()), columns(10)]);
    expect(countBlocks(at(200).content as never)).toBe(200);
    expect(ok(at(200))).toBe(true);
    expect(firstMessage(at(201))).toBe(M.tooManyBlocks);
  });

  it(`allows ${WEBSITE_LIMITS.pageBytesMax} bytes of JSON, not one more`, () => {
    const withHtml = (html: string) => page([{ type: 'RichText', props: { id: 'r', html } }]);
    const base = websiteContentBytes(withHtml(''));
    // Two 2-byte characters and the rest ASCII, so the count is of UTF-8 bytes, not characters.
    const fill = (bytes: number) => 'éé' + 'a'.repeat(bytes - base - 4);
    const chunks = (bytes: number) => {
      const text = fill(bytes);
      const parts = text.match(/[\s\S]{1,50000}/g) ?? [];
      return page(parts.map((html, index) => ({ type: 'RichText', props: { id: `r${index}`, html } })));
    };
    const exact = chunks(WEBSITE_LIMITS.pageBytesMax);
    const over = websiteContentBytes(exact) - WEBSITE_LIMITS.pageBytesMax;
    const atLimit = chunks(WEBSITE_LIMITS.pageBytesMax - over);
    expect(websiteContentBytes(atLimit)).toBe(WEBSITE_LIMITS.pageBytesMax);
    expect(ok(atLimit)).toBe(true);
    const oneMore = chunks(WEBSITE_LIMITS.pageBytesMax - over + 1);
    expect(websiteContentBytes(oneMore)).toBe(WEBSITE_LIMITS.pageBytesMax + 1);
    expect(firstMessage(oneMore)).toBe(M.pageTooLarge);
  });

  it('refuses control characters in single-line text', () => {
    expect(firstMessage(page([hero({ heading: 'a\u0000b' })]))).toBe(MESSAGES.generic.invalidArgument);
    expect(firstMessage(page([hero({ heading: 'a\nb' })]))).toBe(MESSAGES.generic.invalidArgument);
  });
});

describe('youtubeOrVimeoEmbedUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
  ])('%s → %s', (url, embed) => {
    expect(youtubeOrVimeoEmbedUrl(url)).toBe(embed);
  });

  it.each(['https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ', 'javascript:alert(1)', 'https://www.youtube.com/watch?v=short', 'https://vimeo.com/about', 'not a url'])(
    'refuses %s',
    (url) => {
      expect(youtubeOrVimeoEmbedUrl(url)).toBeNull();
    },
  );
});
