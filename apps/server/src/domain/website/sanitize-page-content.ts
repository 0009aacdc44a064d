import { AppError, MESSAGES, WEBSITE_LIMITS, websiteContentBytes, type WebsiteBlock, type WebsitePageContent } from '@shopfront/core';
import { sanitizeDescription } from '../products/sanitize-description.ts';

/**
 * SECURITY "creator content … sanitised": the rich-text fields of every block (nested ones
 * too) go through the product description sanitiser before they are stored. Every other field is
 * plain text the renderer escapes, and links and images were already checked by the schema.
 * The sanitiser adds rel/target to links, so the size limit is checked again afterwards.
 */
export function sanitizePageContent(content: WebsitePageContent): WebsitePageContent {
  const sanitized: WebsitePageContent = { root: { props: {} }, content: content.content.map(sanitizeBlock) };
  if (websiteContentBytes(sanitized) > WEBSITE_LIMITS.pageBytesMax) throw new AppError('invalid-argument', MESSAGES.website.pageTooLarge);
  return sanitized;
}

function sanitizeBlock<B extends WebsiteBlock>(block: B): B {
  switch (block.type) {
    case 'RichText':
    case 'ImageText':
      return { ...block, props: { ...block.props, html: sanitizeDescription(block.props.html) } };
    case 'Columns': {
      const { left, middle, right } = block.props;
      return { ...block, props: { ...block.props, left: left.map(sanitizeBlock), middle: middle.map(sanitizeBlock), right: right.map(sanitizeBlock) } };
    }
    default:
      return block;
  }
}
