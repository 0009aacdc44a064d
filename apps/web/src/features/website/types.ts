import type {
  BlockType,
  StorefrontData,
  StorefrontProduct,
  WebsiteBlock,
  WebsiteBlockProps,
  WebsiteNavPage,
  WebsitePageContent,
  WebsitePageData,
} from '@shopfront/core';

/** A block's stored props without Puck's `id` (core `website/blocks.ts` holds the schemas; types only here, so no zod). */
type PropsOf<T extends BlockType> = Omit<WebsiteBlockProps<T>, 'id'>;
export type HeroProps = PropsOf<'Hero'>;
export type RichTextProps = PropsOf<'RichText'>;
export type ImageProps = PropsOf<'Image'>;
export type ImageTextProps = PropsOf<'ImageText'>;
export type GalleryProps = PropsOf<'Gallery'>;
export type ButtonRowProps = PropsOf<'ButtonRow'>;
export type VideoEmbedProps = PropsOf<'VideoEmbed'>;
export type TestimonialsProps = PropsOf<'Testimonials'>;
export type FaqProps = PropsOf<'Faq'>;
export type ProductGridProps = PropsOf<'ProductGrid'>;
export type ProductCardProps = PropsOf<'ProductCard'>;
export type EmailSignupProps = PropsOf<'EmailSignup'>;
export type LinkListProps = PropsOf<'LinkList'>;
export type SpacerProps = PropsOf<'Spacer'>;
export type ColumnsProps = PropsOf<'Columns'>;
export type SiteHeaderProps = PropsOf<'SiteHeader'>;
export type SiteFooterProps = PropsOf<'SiteFooter'>;
export type { BlockType, WebsiteBlock, WebsiteNavPage, WebsitePageContent, WebsitePageData };

/** The store as a website shows it: its name, theme and colours (the storefront's profile). */
export type WebsiteStore = StorefrontData['store'];

/**
 * What every block renders with besides its own props. C's editor passes the same context to the
 * same components, so the editor canvas shows what visitors will see.
 */
export interface WebsiteRenderContext {
  store: WebsiteStore;
  /** The store's published products (ProductGrid / ProductCard pick from these). */
  products: readonly StorefrontProduct[];
  /** The published pages, in navigation order. */
  pages: readonly WebsiteNavPage[];
  /** Where the site's pages start: `/{slug}/website`, `/website/{slug}` (landing preview) or '' on its own domain. */
  basePath: string;
  /** Where the storefront starts (product pages are `{storeBasePath}/p/{productSlug}`): `/{slug}`, or '' on its own domain. */
  storeBasePath: string;
  /** The storefront's landing (a "Shop" link in the navigation); absolute when it is on another host. */
  storeHref?: string;
  /** The page being shown (its navigation link is marked current). */
  currentSlug?: string;
  /** The EmailSignup form's action (a same-origin POST route); without it the form is shown disabled (the editor). */
  subscribeAction?: string;
}
