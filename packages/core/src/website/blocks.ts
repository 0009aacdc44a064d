import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { UploadedImageUrlSchema } from '../schemas/product.ts';
import { multiLine, singleLine } from '../schemas/text.ts';
import { youtubeOrVimeoEmbedUrl } from './video-embed.ts';

export { youtubeOrVimeoEmbedUrl } from './video-embed.ts';

const M = MESSAGES.website;
const INVALID = { error: MESSAGES.generic.invalidArgument } as const;

export const WEBSITE_LIMITS = Object.freeze({
  /** UTF-8 bytes of `JSON.stringify(content)`. */
  pageBytesMax: 512 * 1024,
  blocksPerPage: 200,
  pagesPerStore: 50,
  versionsKept: 20,
  titleMax: 80,
  slugMax: 60,
  seoTitleMax: 70,
  seoDescriptionMax: 160,
  richTextMax: 50_000,
  shortTextMax: 200,
  longTextMax: 2_000,
  urlMax: 2_048,
  galleryImagesMax: 24,
  buttonsMax: 4,
  testimonialsMax: 12,
  faqItemsMax: 30,
  productGridMax: 24,
  linksMax: 20,
});
const L = WEBSITE_LIMITS;

/**
 * A block's text over its limit names the limit; the reply's `details.issues` names the field
 * (`content.3.props.heading`), and the editor shows both beside that field.
 */
export function websiteTextTooLong(max: number): string {
  return `Keep this to ${max.toLocaleString('en-US')} characters or fewer.`;
}
const tooLong = (max: number) => ({ error: websiteTextTooLong(max) });

/** Every block object refuses unknown props with the spec §8 invalid-argument message. */
const strict = <S extends z.ZodRawShape>(shape: S) => z.strictObject(shape, INVALID);
const line = (max: number = L.shortTextMax) => z.string(INVALID).trim().check(singleLine).max(max, tooLong(max));
const lines = (max: number = L.longTextMax) => z.string(INVALID).check(multiLine).max(max, tooLong(max));
/** Sanitised by the server before it is stored, like product descriptions. */
const richHtml = () => lines(L.richTextMax);

/** A path on this site (`/about`, never `//host` or `/\host`), or an http(s) / mailto URL. */
export function isSafeWebsiteHref(value: string): boolean {
  if (value.startsWith('/')) return !/^\/[/\\]/.test(value) && !value.includes('\\');
  try {
    return ['http:', 'https:', 'mailto:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
export const WebsiteHrefSchema = line(L.urlMax).refine(isSafeWebsiteHref, { error: M.linkInvalid });
/** Empty means "not set yet": the editor creates blocks before the creator fills them in. */
const optionalHref = () => WebsiteHrefSchema.or(z.literal('')).optional();

const isHttpsUrl = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};
export const WebsiteImageSrcSchema = line(L.urlMax).refine(
  (value) => value === '' || UploadedImageUrlSchema.safeParse(value).success || isHttpsUrl(value),
  { error: M.imageInvalid },
);

const VideoUrlSchema = line(L.urlMax).refine((value) => value === '' || youtubeOrVimeoEmbedUrl(value) !== null, {
  error: M.videoInvalid,
});
/** A product of the store, or empty while the creator has not picked one. */
const ProductRefSchema = z.union([z.string().regex(/^prd_[0-9a-z]{20}$/), z.literal('')], INVALID);

const block = <T extends string, S extends z.ZodRawShape>(type: T, props: S) =>
  strict({ type: z.literal(type), props: strict({ id: line(100).min(1, INVALID), ...props }) });

const HeroBlock = block('Hero', {
  heading: line(),
  subheading: lines(),
  imageSrc: WebsiteImageSrcSchema.optional(),
  imageAlt: line(L.longTextMax).optional(),
  ctaLabel: line().optional(),
  ctaHref: optionalHref(),
  align: z.enum(['left', 'center'], INVALID),
});
const RichTextBlock = block('RichText', { html: richHtml() });
const ImageBlock = block('Image', {
  src: WebsiteImageSrcSchema,
  alt: line(L.longTextMax),
  caption: line(L.longTextMax).optional(),
  width: z.enum(['narrow', 'wide', 'full'], INVALID),
});
const ImageTextBlock = block('ImageText', {
  src: WebsiteImageSrcSchema,
  alt: line(L.longTextMax),
  heading: line(),
  html: richHtml(),
  imageSide: z.enum(['left', 'right'], INVALID),
});
const GalleryBlock = block('Gallery', {
  images: z.array(strict({ src: WebsiteImageSrcSchema, alt: line(L.longTextMax) }), INVALID).min(1, INVALID).max(L.galleryImagesMax, INVALID),
  columns: z.union([z.literal(2), z.literal(3), z.literal(4)], INVALID),
});
const ButtonRowBlock = block('ButtonRow', {
  buttons: z
    .array(strict({ label: line(), href: WebsiteHrefSchema.or(z.literal('')), style: z.enum(['primary', 'secondary'], INVALID) }), INVALID)
    .min(1, INVALID)
    .max(L.buttonsMax, INVALID),
});
const VideoEmbedBlock = block('VideoEmbed', { url: VideoUrlSchema, title: line() });
const TestimonialsBlock = block('Testimonials', {
  heading: line().optional(),
  items: z.array(strict({ quote: lines(), name: line(), role: line().optional() }), INVALID).min(1, INVALID).max(L.testimonialsMax, INVALID),
});
const FaqBlock = block('Faq', {
  heading: line().optional(),
  items: z.array(strict({ question: line(L.longTextMax), answer: lines() }), INVALID).min(1, INVALID).max(L.faqItemsMax, INVALID),
});
const ProductGridBlock = block('ProductGrid', {
  heading: line().optional(),
  productIds: z.array(z.string().regex(/^prd_[0-9a-z]{20}$/, INVALID), INVALID).max(L.productGridMax, INVALID),
  columns: z.union([z.literal(2), z.literal(3)], INVALID),
});
const ProductCardBlock = block('ProductCard', { productId: ProductRefSchema });
const EmailSignupBlock = block('EmailSignup', {
  heading: line(),
  text: lines().optional(),
  buttonLabel: line(),
  consentLabel: line(L.longTextMax),
});
const LinkListBlock = block('LinkList', {
  heading: line().optional(),
  links: z.array(strict({ label: line(), href: WebsiteHrefSchema.or(z.literal('')) }), INVALID).min(1, INVALID).max(L.linksMax, INVALID),
});
const SpacerBlock = block('Spacer', { size: z.enum(['sm', 'md', 'lg'], INVALID), divider: z.boolean(INVALID) });

/** Blocks allowed anywhere, including inside Columns. */
const NestableBlockSchema = z.discriminatedUnion(
  'type',
  [
    HeroBlock, RichTextBlock, ImageBlock, ImageTextBlock, GalleryBlock, ButtonRowBlock, VideoEmbedBlock,
    TestimonialsBlock, FaqBlock, ProductGridBlock, ProductCardBlock, EmailSignupBlock, LinkListBlock, SpacerBlock,
  ],
  INVALID,
);
const slot = () => z.array(NestableBlockSchema, INVALID);
const ColumnsBlock = block('Columns', {
  layout: z.enum(['1-1', '1-2', '2-1', '1-1-1'], INVALID),
  left: slot(),
  middle: slot(),
  right: slot(),
});
const SiteHeaderBlock = block('SiteHeader', { showStoreName: z.boolean(INVALID), ctaLabel: line().optional(), ctaHref: optionalHref() });
const SiteFooterBlock = block('SiteFooter', { text: lines().optional(), showNavigation: z.boolean(INVALID) });

export const WebsiteBlockSchema = z.discriminatedUnion('type', [...NestableBlockSchema.options, ColumnsBlock, SiteHeaderBlock, SiteFooterBlock], INVALID);
export type WebsiteBlock = z.output<typeof WebsiteBlockSchema>;
export type NestableWebsiteBlock = z.output<typeof NestableBlockSchema>;
export type BlockType = WebsiteBlock['type'];
export type WebsiteBlockProps<T extends BlockType> = Extract<WebsiteBlock, { type: T }>['props'];
export const BLOCK_TYPES = WebsiteBlockSchema.options.map((option) => option.shape.type.value) as readonly BlockType[];
/** What Columns may not contain. */
export const TOP_LEVEL_ONLY_BLOCK_TYPES: readonly BlockType[] = Object.freeze(['Columns', 'SiteHeader', 'SiteFooter']);

/** Every block of a page, counting those inside Columns. */
export function countBlocks(content: readonly { type: string; props: object }[]): number {
  let count = 0;
  for (const item of content) {
    count += 1;
    if (item.type !== 'Columns') continue;
    const props = item.props as Partial<Record<'left' | 'middle' | 'right', { type: string; props: object }[]>>;
    for (const column of [props.left, props.middle, props.right]) count += column ? countBlocks(column) : 0;
  }
  return count;
}

export function websiteContentBytes(content: unknown): number {
  return new TextEncoder().encode(JSON.stringify(content)).length;
}

/** Puck's `Data` (zones are not used: Columns holds its blocks in slots). */
export const WebsitePageContentSchema = strict({
  root: strict({ props: strict({}).default({}) }),
  content: z.array(WebsiteBlockSchema, INVALID),
  zones: strict({}).optional(),
})
  .refine((data) => countBlocks(data.content) <= L.blocksPerPage, { error: M.tooManyBlocks, abort: true })
  .refine((data) => websiteContentBytes(data) <= L.pageBytesMax, { error: M.pageTooLarge });
export type WebsitePageContent = z.output<typeof WebsitePageContentSchema>;
export type WebsitePageContentInput = z.input<typeof WebsitePageContentSchema>;

export const EMPTY_WEBSITE_PAGE_CONTENT: WebsitePageContent = Object.freeze({ root: { props: {} }, content: [] });
