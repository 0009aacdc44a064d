import { fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BEACON_URL, startBeacon } from './beacon.ts';
import { LinkList } from './components/link-list.tsx';
import { SocialLinks } from './components/social-links.tsx';
import { storefrontData, storefrontProductDetail } from '#src/testing/storefront-data.ts';

const landing = storefrontData();
const productPage = { ...landing, product: storefrontProductDetail({ id: 'prd_glaze' }) };
const plainVisit = { search: '', referrer: '' };

let sendBeacon: ReturnType<typeof vi.fn<(url: string, body: string) => boolean>>;
beforeEach(() => {
  sendBeacon = vi.fn<(url: string, body: string) => boolean>(() => true);
  vi.stubGlobal('navigator', { ...navigator, sendBeacon });
});
afterEach(() => vi.unstubAllGlobals());

/** What each beacon carried: its URL and parsed body. */
const sent = () => sendBeacon.mock.calls.map(([url, body]) => ({ url, body: JSON.parse(body) as unknown }));

/** The storefront's link blocks and social icons, as the view renders them, under their own listener root. */
function renderLinks() {
  const root = document.createElement('div');
  document.body.append(root);
  // jsdom cannot navigate: stop the links after the beacon's capture listener has run.
  root.addEventListener('click', (event) => event.preventDefault());
  const view = render(
    <>
      <LinkList links={[{ id: 'lnk_drop', title: 'New glaze drop', url: 'https://example.com/drop' }]} />
      <SocialLinks links={[{ platform: 'instagram', url: 'https://instagram.com/cozy' }]} />
      <a href="https://example.com/elsewhere">Some other link</a>
    </>,
    { container: root },
  );
  return { root, ...view };
}

describe('startBeacon', () => {
  it('sends nothing for the first page (the server counted it), then one beacon per page shown in place', () => {
    const shown = startBeacon(landing, plainVisit, document.createElement('div'));
    expect(sendBeacon).not.toHaveBeenCalled();

    shown(productPage);
    shown(landing);
    expect(sent()).toEqual([
      { url: BEACON_URL, body: { s: 'store_1', e: [{ t: 'product_view', p: 'prd_glaze' }] } },
      { url: BEACON_URL, body: { s: 'store_1', e: [{ t: 'storefront_view' }] } },
    ]);
    expect(BEACON_URL).toBe('/api/analytics/events');
  });

  it("repeats the first page's utm_ parameters (and nothing else of its address) and its referrer with every event", () => {
    const shown = startBeacon(
      landing,
      { search: '?utm_source=newsletter&email=ann%40example.com&utm_campaign=launch', referrer: 'https://instagram.com/' },
      document.createElement('div'),
    );
    shown(productPage);
    expect(sent()[0]?.body).toEqual({
      s: 'store_1',
      e: [{ t: 'product_view', p: 'prd_glaze' }],
      u: 'utm_source=newsletter&utm_campaign=launch',
      r: 'https://instagram.com/',
    });
  });

  it('leaves u and r out when the first page had no utm_ parameters and no referrer', () => {
    startBeacon(landing, { search: '?ref=qr&x=utm_source', referrer: '' }, document.createElement('div'))(productPage);
    const [beacon] = sent();
    expect(beacon?.body).not.toHaveProperty('u');
    expect(beacon?.body).not.toHaveProperty('r');
  });

  it("sends nothing at all in the owner's preview", () => {
    const { root, getByRole } = renderLinks();
    const shown = startBeacon({ ...landing, isPreview: true }, { search: '?utm_source=x', referrer: 'https://instagram.com/' }, root);
    shown(productPage);
    shown(landing);
    fireEvent.click(getByRole('link', { name: 'New glaze drop' }));
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('records clicks on link blocks and social icons (left, modified and middle), and no other anchor or button', () => {
    const { root, getByRole } = renderLinks();
    startBeacon(landing, plainVisit, root);
    const block = getByRole('link', { name: 'New glaze drop' });
    const instagram = getByRole('link', { name: 'Instagram' });

    fireEvent.click(block.querySelector('.sf-link-title')!);
    const instagramIcon = instagram.querySelector('.social-icon[data-platform="instagram"]');
    expect(instagramIcon).not.toBeNull();
    fireEvent.click(instagramIcon!, { ctrlKey: true });
    fireEvent(block, new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    fireEvent(block, new MouseEvent('auxclick', { bubbles: true, button: 2 }));
    fireEvent.click(getByRole('link', { name: 'Some other link' }));
    fireEvent.click(root);

    expect(sent().map(({ body }) => body)).toEqual([
      { s: 'store_1', e: [{ t: 'link_click', l: 'lnk_drop' }] },
      { s: 'store_1', e: [{ t: 'link_click', l: 'social:instagram' }] },
      { s: 'store_1', e: [{ t: 'link_click', l: 'lnk_drop' }] },
    ]);
  });

  it('catches the click before the page can stop it (capture phase)', () => {
    const { root, getByRole } = renderLinks();
    startBeacon(landing, plainVisit, root);
    const block = getByRole('link', { name: 'New glaze drop' });
    block.addEventListener('click', (event) => {
      event.preventDefault();
      event.stopPropagation();
    });
    fireEvent.click(block);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });

  it('does nothing, without failing, where navigator.sendBeacon is missing', () => {
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: undefined });
    const { root, getByRole } = renderLinks();
    const shown = startBeacon(landing, plainVisit, root);
    expect(() => {
      shown(productPage);
      fireEvent.click(getByRole('link', { name: 'Instagram' }));
    }).not.toThrow();
    expect(sendBeacon).not.toHaveBeenCalled();
  });
});
