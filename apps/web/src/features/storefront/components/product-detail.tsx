import { storeHomePath } from '@shopfront/core/store-urls';
import type { StorefrontProductDetail, StoreProfile } from '@shopfront/core';
import type { ComponentType } from 'react';
import { safeHref, safeImageSrc } from '@shopfront/core/safe-url';
import { Icon } from '#src/components/ui/icon.tsx';
import { initialsOf } from '../initials.ts';
import { StoreLink } from '../navigation.tsx';
import { LocalPriceNote } from './local-price.tsx';
import { MembershipPostTitles } from './membership-post-titles.tsx';
import { PriceBlock } from './price-block.tsx';
import { ProductCover } from './product-card.tsx';
import './product-detail.css';

export interface ProductDetailProps {
  storeId: string;
  profile: StoreProfile;
  product: StorefrontProductDetail;
  basePath: string;
  /** The store builder's preview shows the page but cannot sell. */
  canBuy?: boolean;
  /** The checkout form, plugged in by the storefront mode (the storefront feature does not import checkout). */
  checkout?: ComponentType<ProductCheckoutProps>;
  /** A membership's join form (its tiers and the visitor's details), plugged in the same way. */
  join?: ComponentType<ProductCheckoutProps>;
}

/** What the product page hands the checkout form. */
export interface ProductCheckoutProps {
  storeId: string;
  product: StorefrontProductDetail;
  basePath: string;
}

const TYPE_LABEL: Record<StorefrontProductDetail['type'], string> = {
  digital: 'Digital download',
  'lead-magnet': 'Free download',
  link: 'Link',
  membership: 'Membership',
  course: 'Course',
  call: 'Coaching call',
};

/** The way back to the store's landing: its picture and name. */
function BackToStore({ profile, basePath }: { profile: StoreProfile; basePath: string }) {
  const avatar = safeImageSrc(profile.avatarUrl);
  return (
    <nav className="sf-crumb" aria-label="Store">
      <StoreLink className="sf-back" href={storeHomePath(basePath)}>
        <Icon name="arrow-left" className="sf-back-arrow" />
        <span className="sf-back-avatar" aria-hidden="true">
          {avatar ? <img src={avatar} alt={profile.name} width={28} height={28} decoding="async" /> : initialsOf(profile.name)}
        </span>
        <span className="sf-back-name">{profile.name}</span>
      </StoreLink>
    </nav>
  );
}

/**
 * The product page (`/{slug}/p/{productSlug}`): cover, title, price, what is included, the
 * description and the checkout form — or, for a link product, its button.
 */
export function ProductDetail({ storeId, profile, product, basePath, canBuy = true, checkout: Checkout, join: Join }: ProductDetailProps) {
  const external = product.type === 'link' ? safeHref(product.externalUrl ?? '') : null;
  const countFiles = (n: number) => (n === 1 ? '1 file' : `${n} files`);
  const includes = product.includes ?? [];
  const totalFiles = includes.reduce((sum, item) => sum + item.fileCount, product.fileCount);
  return (
    <>
      <BackToStore profile={profile} basePath={basePath} />
      <main className="sf-pp" data-type={product.type}>
        <div className="sf-pp-media">
          <ProductCover product={product} size="page" />
        </div>
        <div className="sf-pp-aside">
          <header className="sf-pp-head">
            <p className="sf-pp-kind">{TYPE_LABEL[product.type]}</p>
            <h1 className="sf-pp-title">{product.title}</h1>
            {product.subtitle ? <p className="sf-pp-subtitle">{product.subtitle}</p> : null}
            <PriceBlock product={product} size="page" />
            <LocalPriceNote />
            {product.type === 'digital' && totalFiles > 0 ? (
              <p className="sf-pp-files">
                <Icon name="download" className="sf-pp-files-icon" />
                {`Includes ${countFiles(totalFiles)}`}
              </p>
            ) : null}
            {includes.length > 0 ? (
              <ul className="sf-pp-includes" aria-label="Included products">
                {includes.map((item, index) => (
                  <li key={index}>
                    {item.title} <span>({countFiles(item.fileCount)})</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </header>
          <div className="sf-pp-buy">
            {product.type === 'link' ? (
              external ? (
                <a className="sf-checkout-submit" href={external} target="_blank" rel="noopener noreferrer nofollow">
                  {product.ctaLabel}
                  <span className="sf-sr-only"> (opens in a new tab)</span>
                  <Icon name="external" className="sf-cta-external" />
                </a>
              ) : null
            ) : product.type === 'membership' ? (
              // Joined by its own checkout, never the one-off form (the server refuses that too).
              canBuy && Join && (product.membershipTiers?.length ?? 0) > 0 ? (
                <Join storeId={storeId} product={product} basePath={basePath} />
              ) : (
                <p className="sf-field-hint">{canBuy ? 'Joining this membership is not open yet.' : 'Joining opens on the published store.'}</p>
              )
            ) : canBuy ? (
              Checkout ? <Checkout storeId={storeId} product={product} basePath={basePath} /> : null
            ) : (
              <p className="sf-field-hint">Checkout opens on the published store.</p>
            )}
            {product.type === 'membership' ? <MembershipPostTitles posts={product.membershipPosts ?? []} /> : null}
          </div>
        </div>
        {product.descriptionHtml.trim() ? (
          <section className="sf-pp-description" aria-label="About this product">
            {/*
              The one place the storefront renders HTML. SECURITY "Content": rich text is
              sanitised by a well-known sanitiser (sanitize-html, an allow-list) on the server
              when the product is written, so only the allowed tags and attributes reach here.
            */}
            <div className="sf-prose" dangerouslySetInnerHTML={{ __html: product.descriptionHtml }} />
          </section>
        ) : null}
      </main>
    </>
  );
}
