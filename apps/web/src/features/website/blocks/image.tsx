import { safeImageSrc } from '@shopfront/core/safe-url';
import type { ImageProps } from '../types.ts';
import type { BlockComponentProps } from './block-props.ts';

/** One picture, narrow, wide or edge to edge, with an optional caption. */
export function ImageBlock({ src, alt, caption, width }: BlockComponentProps<ImageProps>) {
  const image = safeImageSrc(src);
  if (!image) return null;
  return (
    <figure className="ws-block ws-image" data-width={width}>
      <img src={image} alt={alt} loading="lazy" decoding="async" />
      {caption ? <figcaption className="ws-caption">{caption}</figcaption> : null}
    </figure>
  );
}
