import { safeImageSrc } from '@shopfront/core/safe-url';
import { safeHref } from '../format.ts';
import type { HeroProps } from '../types.ts';
import type { BlockComponentProps } from './block-props.ts';

/** The page's opening: heading (the page's h1), a line or two, an optional picture and button. */
export function HeroBlock({ heading, subheading, imageSrc, imageAlt, ctaLabel, ctaHref, align }: BlockComponentProps<HeroProps>) {
  const image = safeImageSrc(imageSrc);
  const href = safeHref(ctaHref);
  // A hero not filled in yet (a new block) shows nothing rather than an empty heading.
  if (!heading && !subheading && !image && !(ctaLabel && href)) return null;
  return (
    <section className="ws-block ws-hero" data-align={align === 'center' ? 'center' : 'left'} data-has-image={image ? '' : undefined}>
      <div className="ws-hero-text">
        {heading ? <h1 className="ws-hero-heading">{heading}</h1> : null}
        {subheading ? <p className="ws-hero-sub ws-multiline">{subheading}</p> : null}
        {ctaLabel && href ? (
          <a className="ws-button" data-style="primary" href={href}>
            {ctaLabel}
          </a>
        ) : null}
      </div>
      {image ? (
        <div className="ws-hero-media">
          <img src={image} alt={imageAlt ?? ''} decoding="async" fetchPriority="high" width={960} height={640} />
        </div>
      ) : null}
    </section>
  );
}
