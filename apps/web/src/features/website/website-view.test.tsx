import type { WebsiteBlock } from '@shopfront/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storefrontData } from '#src/testing/storefront-data.ts';
import { WEBSITE_CONTEXT, websitePageData } from '#src/testing/website-data.ts';
import { WebsiteView } from './website-view.tsx';

const view = (blocks: WebsiteBlock[], extra: Parameters<typeof websitePageData>[2] = {}) =>
  render(<WebsiteView data={websitePageData(blocks, {}, extra)} context={WEBSITE_CONTEXT} />);

describe('WebsiteView', () => {
  it.each(['mocha-mood', 'neon-pulse'] as const)('wears the storefront theme %s with the overrides', (theme) => {
    const { store } = storefrontData({ theme, themeOverrides: { colors: { buttonColor: '#123456' } } });
    const { container } = view([], { store });
    const root = container.querySelector<HTMLElement>('.ws-root')!;
    expect(root.dataset.theme).toBe(theme);
    expect(root).toHaveClass('sf-root');
    expect(root.style.getPropertyValue('--sf-button')).toBe('#123456');
  });

  it('adds the default header with the navigation (current page marked, Shop last) and footer', () => {
    view([]);
    const nav = screen.getByRole('navigation', { name: 'Site' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/cozy-mugs/website'],
      ['About', '/cozy-mugs/website/about'],
      ['Shop', '/cozy-mugs'],
    ]);
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Cozy Mugs Co.' })).toHaveAttribute('href', '/cozy-mugs/website');
    expect(screen.getByRole('link', { name: 'Member sign in' })).toHaveAttribute('href', '/cozy-mugs/members/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toHaveClass('ws-sr-only');
  });

  it('shows the hero as the page heading with its button', () => {
    view([{ type: 'Hero', props: { id: 'h', heading: 'Slow mornings', subheading: 'Mugs\nby hand', align: 'center', ctaLabel: 'Shop mugs', ctaHref: '/cozy-mugs' } }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Slow mornings' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop mugs' })).toHaveAttribute('href', '/cozy-mugs');
  });

  it('lists real products with storefront prices, linking to their storefront pages', () => {
    view([{ type: 'ProductGrid', props: { id: 'g', heading: 'Shop', productIds: [], columns: 3 } }]);
    const grid = screen.getByRole('heading', { name: 'Shop' }).closest('section')!;
    expect(within(grid).getByText('$24')).toBeInTheDocument();
    expect(within(grid).getByText('Free')).toBeInTheDocument();
    expect(within(grid).getByRole('link', { name: 'Buy now: The Glaze Guide' })).toHaveAttribute('href', '/cozy-mugs/p/glaze-guide');
    expect(within(grid).getByRole('link', { name: 'Get it: Mug Course' })).toHaveAttribute('href', '/cozy-mugs/p/mug-course');
  });

  it('shows only the named products in order, skipping unpublished ones; a single card by id', () => {
    const { container } = view([
      { type: 'ProductGrid', props: { id: 'g', productIds: ['prd_bbbbbbbbbbbbbbbbbbbb', 'prd_cccccccccccccccccccc', 'prd_aaaaaaaaaaaaaaaaaaaa'], columns: 2 } },
      { type: 'ProductCard', props: { id: 'c', productId: 'prd_cccccccccccccccccccc' } },
    ]);
    expect([...container.querySelectorAll('.ws-product-title')].map((title) => title.textContent)).toEqual(['Mug Course', 'The Glaze Guide']);
  });

  it('embeds YouTube and Vimeo through their privacy-enhanced players only', () => {
    const { container } = view([
      { type: 'VideoEmbed', props: { id: 'v1', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'Throwing a mug' } },
      { type: 'VideoEmbed', props: { id: 'v2', url: 'https://vimeo.com/76979871', title: 'Glazing' } },
      { type: 'VideoEmbed', props: { id: 'v3', url: 'https://evil.example/video', title: 'Nope' } },
    ]);
    const frames = [...container.querySelectorAll('iframe')];
    expect(frames.map((frame) => frame.getAttribute('src'))).toEqual(['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'https://player.vimeo.com/video/76979871?dnt=1']);
    expect(frames[0]).toHaveAttribute('title', 'Throwing a mug');
  });

  it('renders the email signup as a plain form post with a required consent box', () => {
    view([{ type: 'EmailSignup', props: { id: 'EmailSignup-1', heading: 'Join the list', buttonLabel: 'Subscribe', consentLabel: 'Email me news' } }]);
    const form = screen.getByRole('button', { name: 'Subscribe' }).closest('form')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/api/website/subscribe');
    expect(screen.getByRole('textbox', { name: 'Email address' })).toBeRequired();
    expect(screen.getByRole('checkbox', { name: 'Email me news' })).toBeRequired();
    const hidden = Object.fromEntries([...form.querySelectorAll<HTMLInputElement>('input[type=hidden]')].map((input) => [input.name, input.value]));
    // `timeZone` is filled by the page's one inline script, which runs in the server-rendered page only.
    expect(hidden).toEqual({ storeId: 'store_1', block: 'EmailSignup-1', returnTo: '/cozy-mugs/website', timeZone: '' });
    expect(document.getElementById('ws-signup-done-EmailSignup-1')).toHaveTextContent('on the list');
  });

  it('opens FAQ answers without script, and renders testimonials, links, gallery and columns', () => {
    const { container } = view([
      { type: 'Faq', props: { id: 'f', heading: 'Questions', items: [{ question: 'Dishwasher safe?', answer: 'Yes.' }] } },
      { type: 'Testimonials', props: { id: 't', items: [{ quote: 'Lovely', name: 'Ana', role: 'Buyer' }] } },
      { type: 'LinkList', props: { id: 'l', links: [{ label: 'Instagram', href: 'https://instagram.com/cozy' }, { label: 'About', href: '/cozy-mugs/website/about' }] } },
      { type: 'Gallery', props: { id: 'ga', columns: 3, images: [{ src: '/files/s/a.webp', alt: 'A mug' }] } },
      { type: 'Columns', props: { id: 'co', layout: '1-1', left: [{ type: 'RichText', props: { id: 'r', html: '<p>Left</p>' } }], middle: [{ type: 'Spacer', props: { id: 's', size: 'sm', divider: true } }], right: [] } },
    ]);
    expect(container.querySelector('details summary')).toHaveTextContent('Dishwasher safe?');
    expect(screen.getByText('Lovely')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Instagram' })).toHaveAttribute('target', '_blank');
    expect(container.querySelector('.ws-link-list a[href="/cozy-mugs/website/about"]')).toHaveTextContent('About');
    expect(screen.getByRole('img', { name: 'A mug' })).toHaveAttribute('src', '/files/s/a.webp');
    expect(container.querySelectorAll('.ws-columns .ws-column')).toHaveLength(2);
    expect(screen.getByText('Left')).toBeInTheDocument();
  });

  it('shows nothing of blocks not filled in yet (new blocks start empty), and the page title stays the h1', () => {
    const { container } = view([
      { type: 'Hero', props: { id: 'h', heading: '', subheading: '', imageSrc: '', imageAlt: '', ctaLabel: '', ctaHref: '', align: 'center' } },
      { type: 'Testimonials', props: { id: 't', heading: '', items: [{ quote: '', name: '', role: '' }] } },
      { type: 'Faq', props: { id: 'f', heading: '', items: [{ question: '', answer: '' }] } },
      { type: 'ImageText', props: { id: 'i', src: '', alt: '', heading: '', html: '', imageSide: 'left' } },
    ]);
    expect(container.querySelector('.ws-main')?.querySelectorAll('.ws-block')).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toHaveClass('ws-sr-only');
  });

  it('leaves out an empty testimonial or question beside filled ones', () => {
    view([
      { type: 'Testimonials', props: { id: 't', items: [{ quote: 'Lovely', name: 'Ana', role: '' }, { quote: ' ', name: 'Ghost', role: '' }] } },
      { type: 'Faq', props: { id: 'f', items: [{ question: 'Dishwasher safe?', answer: 'Yes.' }, { question: '', answer: 'Orphan answer' }] } },
    ]);
    expect(screen.getAllByRole('listitem').filter((item) => item.closest('.ws-testimonials'))).toHaveLength(1);
    expect(screen.queryByText('Ghost')).not.toBeInTheDocument();
    expect(screen.queryByText('Orphan answer')).not.toBeInTheDocument();
  });

  it('drops javascript: links and //host images that slipped past validation', () => {
    const { container } = view([
      { type: 'ButtonRow', props: { id: 'b', buttons: [{ label: 'Bad', href: 'javascript:alert(1)', style: 'primary' }, { label: 'Good', href: 'https://ok.example', style: 'secondary' }] } },
      { type: 'Image', props: { id: 'i', src: '//evil.example/x.png', alt: 'x', width: 'wide' } },
    ]);
    expect(screen.queryByRole('link', { name: 'Bad' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Good' })).toBeInTheDocument();
    expect(container.querySelector('img[alt="x"]')).toBeNull();
  });
});
