import type { ReactNode } from 'react';
import {
  ButtonRowBlock,
  ColumnsBlock,
  EmailSignupBlock,
  FaqBlock,
  GalleryBlock,
  HeroBlock,
  ImageBlock,
  ImageTextBlock,
  LinkListBlock,
  ProductCardBlock,
  ProductGridBlock,
  RichTextBlock,
  SiteFooterBlock,
  SiteHeaderBlock,
  SpacerBlock,
  TestimonialsBlock,
  VideoEmbedBlock,
} from './blocks/index.ts';
import type { WebsiteBlock, WebsiteRenderContext } from './types.ts';

/** One stored block as its component; an unknown type (an old row) renders nothing. */
export function renderBlock(block: WebsiteBlock, context: WebsiteRenderContext, key: string | number): ReactNode {
  switch (block.type) {
    case 'Hero':
      return <HeroBlock key={key} {...block.props} context={context} />;
    case 'RichText':
      return <RichTextBlock key={key} {...block.props} context={context} />;
    case 'Image':
      return <ImageBlock key={key} {...block.props} context={context} />;
    case 'ImageText':
      return <ImageTextBlock key={key} {...block.props} context={context} />;
    case 'Gallery':
      return <GalleryBlock key={key} {...block.props} context={context} />;
    case 'ButtonRow':
      return <ButtonRowBlock key={key} {...block.props} context={context} />;
    case 'VideoEmbed':
      return <VideoEmbedBlock key={key} {...block.props} context={context} />;
    case 'Testimonials':
      return <TestimonialsBlock key={key} {...block.props} context={context} />;
    case 'Faq':
      return <FaqBlock key={key} {...block.props} context={context} />;
    case 'ProductGrid':
      return <ProductGridBlock key={key} {...block.props} context={context} />;
    case 'ProductCard':
      return <ProductCardBlock key={key} {...block.props} context={context} />;
    case 'EmailSignup':
      return <EmailSignupBlock key={key} {...block.props} context={context} />;
    case 'LinkList':
      return <LinkListBlock key={key} {...block.props} context={context} />;
    case 'Spacer':
      return <SpacerBlock key={key} {...block.props} context={context} />;
    case 'SiteHeader':
      return <SiteHeaderBlock key={key} {...block.props} context={context} />;
    case 'SiteFooter':
      return <SiteFooterBlock key={key} {...block.props} context={context} />;
    case 'Columns': {
      const { layout, left, middle, right } = block.props;
      return (
        <ColumnsBlock
          key={key}
          layout={layout}
          left={renderBlocks(left, context)}
          middle={renderBlocks(middle, context)}
          right={layout === '1-1-1' ? renderBlocks(right, context) : null}
        />
      );
    }
    default:
      return null;
  }
}

export function renderBlocks(blocks: readonly WebsiteBlock[] | undefined, context: WebsiteRenderContext): ReactNode[] {
  return (blocks ?? []).map((block, index) => renderBlock(block, context, block.props.id ?? index));
}
