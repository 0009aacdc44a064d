import { ButtonRowBlock } from './button-row.tsx';
import { ColumnsBlock } from './columns.tsx';
import { EmailSignupBlock } from './email-signup.tsx';
import { FaqBlock } from './faq.tsx';
import { GalleryBlock } from './gallery.tsx';
import { HeroBlock } from './hero.tsx';
import { ImageTextBlock } from './image-text.tsx';
import { ImageBlock } from './image.tsx';
import { LinkListBlock } from './link-list.tsx';
import { ProductCardBlock } from './product-card.tsx';
import { ProductGridBlock } from './product-grid.tsx';
import { RichTextBlock } from './rich-text.tsx';
import { SiteFooterBlock } from './site-footer.tsx';
import { SiteHeaderBlock } from './site-header.tsx';
import { SpacerBlock } from './spacer.tsx';
import { TestimonialsBlock } from './testimonials.tsx';
import { VideoEmbedBlock } from './video-embed.tsx';

/**
 * Every block type's component: the served pages render with it (render-blocks.tsx) and the
 * dashboard hands the same table to the Puck canvas. Columns takes its columns already rendered.
 */
export const WEBSITE_BLOCKS = {
  Hero: HeroBlock,
  RichText: RichTextBlock,
  Image: ImageBlock,
  ImageText: ImageTextBlock,
  Gallery: GalleryBlock,
  ButtonRow: ButtonRowBlock,
  VideoEmbed: VideoEmbedBlock,
  Testimonials: TestimonialsBlock,
  Faq: FaqBlock,
  ProductGrid: ProductGridBlock,
  ProductCard: ProductCardBlock,
  EmailSignup: EmailSignupBlock,
  LinkList: LinkListBlock,
  Spacer: SpacerBlock,
  Columns: ColumnsBlock,
  SiteHeader: SiteHeaderBlock,
  SiteFooter: SiteFooterBlock,
} as const;
