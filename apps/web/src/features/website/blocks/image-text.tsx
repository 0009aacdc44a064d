import { safeImageSrc } from '@shopfront/core/safe-url';
import type { ImageTextProps } from '../types.ts';
import type { BlockComponentProps } from './block-props.ts';

/** A picture beside a heading and formatted text (stacked on phones, picture first). */
export function ImageTextBlock({ src, alt, heading, html, imageSide }: BlockComponentProps<ImageTextProps>) {
  const image = safeImageSrc(src);
  if (!image && !heading && !html) return null;
  return (
    <section className="ws-block ws-image-text" data-side={imageSide === 'right' ? 'right' : 'left'}>
      {image ? (
        <div className="ws-image-text-media">
          <img src={image} alt={alt} loading="lazy" decoding="async" />
        </div>
      ) : null}
      <div className="ws-image-text-body">
        {heading ? <h2 className="ws-heading">{heading}</h2> : null}
        {html ? <div className="ws-prose" dangerouslySetInnerHTML={{ __html: html }} /> : null}
      </div>
    </section>
  );
}
