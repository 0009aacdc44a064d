import { safeImageSrc } from '@shopfront/core/safe-url';
import type { GalleryProps } from '../types.ts';
import type { BlockComponentProps } from './block-props.ts';

/** A grid of pictures: two across on phones, the chosen number on wider screens. */
export function GalleryBlock({ images, columns }: BlockComponentProps<GalleryProps>) {
  const shown = images.flatMap((image) => {
    const src = safeImageSrc(image.src);
    return src ? [{ src, alt: image.alt }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <ul className="ws-block ws-gallery" data-columns={columns}>
      {shown.map((image, index) => (
        <li key={`${index}-${image.src}`}>
          <img src={image.src} alt={image.alt} loading="lazy" decoding="async" />
        </li>
      ))}
    </ul>
  );
}
