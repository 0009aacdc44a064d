import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StorefrontNavigation } from '../navigation.tsx';
import { StorefrontView } from '../storefront-view.tsx';
import { storefrontData, storefrontProduct, storefrontProductDetail } from '#src/testing/storefront-data.ts';
import type { ProductCheckoutProps } from './product-detail.tsx';
import { ProductCard } from './product-card.tsx';

/** Stands in for the checkout form the storefront mode plugs in (modes/storefront tests the real one). */
function StubCheckout({ product }: ProductCheckoutProps) {
  return <button type="submit">{product.ctaLabel}</button>;
}

describe('ProductCard', () => {
  it('shows the title, subtitle, price and a CTA to the product page', () => {
    render(<ProductCard product={storefrontProduct()} basePath="/cozy-mugs" />);
    expect(screen.getByRole('heading', { level: 3, name: 'The Glaze Guide' })).toBeInTheDocument();
    expect(screen.getByText('Forty tested recipes')).toBeInTheDocument();
    expect(screen.getByText('$24')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy now: The Glaze Guide' })).toHaveAttribute('href', '/cozy-mugs/p/glaze-guide');
  });

  it('strikes the compare-at price through and names it for screen readers', () => {
    const { container } = render(<ProductCard product={storefrontProduct({ priceCents: 1900, compareAtCents: 2900 })} basePath="" />);
    expect(container.querySelector('s')).toHaveTextContent('Regular price $29');
    expect(screen.getByText('$19')).toBeInTheDocument();
  });

  it('shows Pay what you want with its minimum, and Free', () => {
    const { rerender } = render(
      <ProductCard product={storefrontProduct({ priceMode: 'pay-what-you-want', priceCents: 1000, minPriceCents: 300 })} basePath="" />,
    );
    expect(screen.getByText('Pay what you want')).toBeInTheDocument();
    expect(screen.getByText('from $3')).toBeInTheDocument();
    rerender(<ProductCard product={storefrontProduct({ type: 'lead-magnet', priceMode: 'free', priceCents: 0, ctaLabel: 'Get it free' })} basePath="" />);
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get it free: The Glaze Guide' })).toHaveAttribute('href', '/p/glaze-guide');
  });

  it('opens a link product’s own URL in a new tab, without a price', () => {
    render(
      <ProductCard
        product={storefrontProduct({ type: 'link', priceCents: null, ctaLabel: 'Visit', externalUrl: 'https://example.com/kiln' })}
        basePath="/cozy-mugs"
      />,
    );
    const link = screen.getByRole('link', { name: /Visit: The Glaze Guide/ });
    expect(link).toHaveAttribute('href', 'https://example.com/kiln');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.queryByText('$24')).toBeNull();
  });

  it('never links a javascript: URL', () => {
    render(<ProductCard product={storefrontProduct({ type: 'link', priceCents: null, externalUrl: 'javascript:alert(1)' })} basePath="" />);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('navigates in place on a plain click when navigation is provided, and not on a modified click', async () => {
    const navigate = vi.fn();
    render(
      <StorefrontNavigation value={navigate}>
        <ProductCard product={storefrontProduct()} basePath="/cozy-mugs" />
      </StorefrontNavigation>,
    );
    const link = screen.getByRole('link', { name: 'Buy now: The Glaze Guide' });
    await userEvent.click(link);
    expect(navigate).toHaveBeenCalledWith('/cozy-mugs/p/glaze-guide');
    navigate.mockClear();
    link.addEventListener('click', (event) => event.preventDefault()); // keep jsdom from "opening" it
    await userEvent.keyboard('{Control>}');
    await userEvent.click(link);
    await userEvent.keyboard('{/Control}');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('StorefrontView on a product page', () => {
  it.each(['mocha-mood', 'neon-pulse'] as const)('shows the product in %s: cover, price, files, description and checkout', (theme) => {
    const product = storefrontProductDetail({ descriptionHtml: '<p>All about <strong>glazes</strong>.</p>', coverImageUrl: '/files/s/cover.webp' });
    const { container } = render(<StorefrontView data={storefrontData({ theme }, { product, products: [product] })} checkout={StubCheckout} />);
    expect(container.querySelector('.sf-root')).toHaveAttribute('data-theme', theme);
    expect(screen.getByRole('heading', { level: 1, name: 'The Glaze Guide' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'The Glaze Guide' })).toHaveAttribute('src', '/files/s/cover.webp');
    expect(screen.getByText('$24')).toBeInTheDocument();
    expect(screen.getByText('Includes 3 files')).toBeInTheDocument();
    const about = screen.getByRole('region', { name: 'About this product' });
    expect(within(about).getByText('glazes').tagName).toBe('STRONG');
    expect(screen.getByRole('button', { name: 'Buy now' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cozy Mugs Co.' })).toHaveAttribute('href', '/cozy-mugs');
    expect(screen.queryByRole('region', { name: 'Shop' })).toBeNull();
  });

  it('says "Includes 1 file" in the singular and nothing for products without files', () => {
    const { rerender } = render(<StorefrontView data={storefrontData({}, { product: storefrontProductDetail({ fileCount: 1 }) })} />);
    expect(screen.getByText('Includes 1 file')).toBeInTheDocument();
    rerender(<StorefrontView data={storefrontData({}, { product: storefrontProductDetail({ type: 'lead-magnet', priceMode: 'free', priceCents: 0, fileCount: 0 }) })} />);
    expect(screen.queryByText(/Includes/)).toBeNull();
    expect(screen.getByText('Free')).toBeInTheDocument();
  });

  it('gives a link product its button instead of a checkout form', () => {
    const product = storefrontProductDetail({ type: 'link', priceCents: null, ctaLabel: 'Visit the shop', externalUrl: 'https://example.com/kiln', fileCount: 0 });
    render(<StorefrontView data={storefrontData({}, { product })} basePath="" checkout={StubCheckout} />);
    expect(screen.getByRole('link', { name: /Visit the shop/ })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Cozy Mugs Co.' })).toHaveAttribute('href', '/');
  });

  it('cannot sell from the store builder’s embedded preview', () => {
    render(<StorefrontView data={storefrontData({}, { product: storefrontProductDetail(), isPreview: true })} embedded checkout={StubCheckout} />);
    expect(screen.queryByRole('button', { name: 'Buy now' })).toBeNull();
    expect(screen.getByText('Checkout opens on the published store.')).toBeInTheDocument();
  });
});
