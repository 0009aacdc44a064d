import { MESSAGES, SOCIAL_PLATFORMS, type StorefrontData, type StoreProfile } from '@shopfront/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StoreNotFoundView } from './store-not-found-view.tsx';
import { StorefrontView } from './storefront-view.tsx';
import { storefrontData, storefrontProduct } from '#src/testing/storefront-data.ts';

/** The kit's store with a two-line bio, an Instagram link and one hidden link block. */
function storefront(profile: Partial<StoreProfile> = {}, extra: Partial<StorefrontData> = {}): StorefrontData {
  return storefrontData(
    {
      description: 'Hand-thrown mugs\nfor slow mornings.',
      socialLinks: [{ platform: 'instagram', url: 'https://instagram.com/cozy' }],
      links: [
        { id: 'a', title: 'New glaze drop', url: 'https://example.com/drop', description: 'Fresh out of the kiln' },
        { id: 'b', title: 'Secret sale', url: 'https://example.com/secret', hidden: true },
      ],
      ...profile,
    },
    extra,
  );
}

const rootOf = (container: HTMLElement) => container.querySelector<HTMLElement>('.sf-root')!;

describe('StorefrontView', () => {
  it.each(['mocha-mood', 'neon-pulse'] as const)('renders %s with its own colours, and the overrides win', (theme) => {
    const { container } = render(
      <StorefrontView data={storefront({ theme, themeOverrides: { colors: { buttonColor: '#123456', titleTextColor: '#abcdef' } } })} />,
    );
    const root = rootOf(container);
    expect(root.dataset.theme).toBe(theme);
    expect(root.style.getPropertyValue('--sf-button')).toBe('#123456');
    expect(root.style.getPropertyValue('--sf-title')).toBe('#abcdef');
    expect(root.style.getPropertyValue('--sf-bg-start')).toMatch(/^#[0-9a-f]{6}$/);
    expect(screen.getByRole('heading', { level: 1, name: 'Cozy Mugs Co.' })).toBeInTheDocument();
  });

  it('gives the two themes different defaults', () => {
    const mocha = rootOf(render(<StorefrontView data={storefront({ theme: 'mocha-mood' })} />).container);
    const neon = rootOf(render(<StorefrontView data={storefront({ theme: 'neon-pulse' })} />).container);
    for (const variable of ['--sf-button', '--sf-bg-start', '--sf-bg-end', '--sf-title', '--sf-font-heading']) {
      expect(mocha.style.getPropertyValue(variable)).not.toBe(neon.style.getPropertyValue(variable));
    }
  });

  it('picks light text when an override makes a light theme dark', () => {
    const dark = rootOf(
      render(<StorefrontView data={storefront({ themeOverrides: { colors: { backgroundStartColor: '#101010', backgroundEndColor: '#000000' } } })} />)
        .container,
    );
    const light = rootOf(render(<StorefrontView data={storefront()} />).container);
    expect(dark.style.getPropertyValue('--sf-text')).not.toBe(light.style.getPropertyValue('--sf-text'));
  });

  it('shows initials when there is no avatar, and the picture when there is one', () => {
    const { container, rerender } = render(<StorefrontView data={storefront()} />);
    expect(container.querySelector('.sf-avatar-initials')).toHaveTextContent('CM');
    expect(container.querySelector('img')).toBeNull();

    rerender(<StorefrontView data={storefront({ avatarUrl: '/files/store_1/a.webp' })} />);
    expect(container.querySelector('.sf-avatar img')).toHaveAttribute('src', '/files/store_1/a.webp');
    expect(container.querySelector('.sf-avatar-initials')).toBeNull();
  });

  it.each(['mocha-mood', 'neon-pulse'] as const)('names the avatar after the store and each product cover after its product in %s', (theme) => {
    const products = [
      storefrontProduct({ id: 'p1', slug: 'glaze-guide', title: 'The Glaze Guide', coverImageUrl: '/files/s/glaze.webp' }),
      storefrontProduct({ id: 'p2', slug: 'mug-care', title: 'Mug Care 101', coverImageUrl: '/files/s/care.webp' }),
    ];
    render(<StorefrontView data={storefront({ theme, avatarUrl: '/files/store_1/a.webp' }, { products })} />);
    expect(screen.getByRole('img', { name: 'Cozy Mugs Co.' })).toHaveAttribute('src', '/files/store_1/a.webp');
    expect(screen.getByRole('img', { name: 'The Glaze Guide' })).toHaveAttribute('src', '/files/s/glaze.webp');
    expect(screen.getByRole('img', { name: 'Mug Care 101' })).toHaveAttribute('src', '/files/s/care.webp');
    for (const image of document.querySelectorAll('img')) expect(image.getAttribute('alt')).not.toBe('');
  });

  it('shows visible links as named buttons and leaves hidden ones out', () => {
    render(<StorefrontView data={storefront()} />);
    const links = within(screen.getByRole('navigation', { name: 'Links' })).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName('New glaze drop Fresh out of the kiln');
    expect(links[0]).toHaveAttribute('href', 'https://example.com/drop');
    expect(screen.queryByText('Secret sale')).toBeNull();
  });

  it('never renders a javascript: link, even from an old row', () => {
    render(<StorefrontView data={storefront({ links: [{ id: 'x', title: 'Bad', url: 'javascript:alert(1)' }] })} />);
    expect(screen.queryByRole('link', { name: 'Bad' })).toBeNull();
  });

  it('renders the bio as text, never as HTML', () => {
    const { container } = render(<StorefrontView data={storefront({ description: '<b>bold</b> <script>alert(1)</script>' })} />);
    expect(container.querySelector('.sf-bio')).toHaveTextContent('<b>bold</b> <script>alert(1)</script>');
    expect(container.querySelector('.sf-bio b, .sf-bio script')).toBeNull();
  });

  it('names every social link by its platform, for every platform core allows', () => {
    const socialLinks = SOCIAL_PLATFORMS.map((platform) => ({ platform, url: `https://example.com/${platform}` }));
    render(<StorefrontView data={storefront({ socialLinks })} />);
    const list = screen.getByRole('list', { name: 'Social links' });
    const names = within(list).getAllByRole('link').map((link) => link.getAttribute('aria-label'));
    expect(names).toHaveLength(SOCIAL_PLATFORMS.length);
    expect(new Set(names).size).toBe(SOCIAL_PLATFORMS.length);
    const icons = [...list.querySelectorAll('a > .social-icon[aria-hidden="true"]')].map((icon) => icon.getAttribute('data-platform'));
    expect(icons).toEqual([...SOCIAL_PLATFORMS]);
  });

  it('shows products in the creator order without hidden ones, and nothing when there are none', () => {
    const product = (id: string, title: string, priceCents: number) =>
      storefrontProduct({ id, slug: id, title, subtitle: null, priceCents, priceMode: priceCents === 0 ? 'free' : 'fixed' });
    const { rerender } = render(
      <StorefrontView
        data={storefront({ productLayout: { order: ['p2', 'p1'], hidden: ['p3'] } }, { products: [product('p1', 'Mug', 2400), product('p2', 'Guide', 0), product('p3', 'Hidden', 100)] })}
      />,
    );
    const shop = screen.getByRole('region', { name: 'Shop' });
    expect(within(shop).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Guide', 'Mug']);
    expect(within(shop).getByText('$24')).toBeInTheDocument();
    expect(within(shop).getByText('Free')).toBeInTheDocument();
    expect(within(shop).getByRole('link', { name: 'Buy now: Mug' })).toHaveAttribute('href', '/cozy-mugs/p/p1');

    rerender(<StorefrontView data={storefront()} />);
    expect(screen.queryByRole('region', { name: 'Shop' })).toBeNull();
  });

  it('marks a draft with the preview banner, and links the members area under the base path', () => {
    render(<StorefrontView data={storefront({}, { isPreview: true })} basePath="" />);
    expect(screen.getByRole('status')).toHaveTextContent('Preview — not published');
    expect(screen.getByRole('link', { name: 'Member sign in' })).toHaveAttribute('href', '/members/login');
  });

  it('can sit inside the store builder as an embedded preview', () => {
    const { container } = render(<StorefrontView data={storefront({}, { isPreview: true })} embedded />);
    expect(rootOf(container)).toHaveAttribute('data-embedded');
    expect(screen.getByRole('status')).toHaveTextContent('Preview — not published');
  });

  it('has landmarks: the profile banner, main and the footer', () => {
    render(<StorefrontView data={storefront()} />);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Powered by Shopfront');
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('StoreNotFoundView', () => {
  it('shows the spec title and a way home', () => {
    render(<StoreNotFoundView homeHref="/" />);
    expect(screen.getByRole('heading', { level: 1, name: MESSAGES.screens.storeNotFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Shopfront' })).toHaveAttribute('href', '/');
  });
});
