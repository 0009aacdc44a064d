import type { RichTextProps } from '../types.ts';
import type { BlockComponentProps } from './block-props.ts';

/**
 * Formatted text. The HTML was sanitised on the server when the page was saved and again when it
 * was loaded for rendering (the product description's allow-list), so it is inserted as is.
 */
export function RichTextBlock({ html }: BlockComponentProps<RichTextProps>) {
  if (!html) return null;
  return <div className="ws-block ws-prose" dangerouslySetInnerHTML={{ __html: html }} />;
}
