import { describe, expect, it } from 'vitest';
import { PRERENDERED_ATTRIBUTE, prerenderLandingPage } from './landing-render.tsx';

const INDEX_HTML = '<!doctype html><html><head><title>Shopfront</title></head><body><noscript>JS off</noscript><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>';

describe('prerenderLandingPage', () => {
  it('puts the landing headline, text and ways in inside #root, keeping the rest of index.html', () => {
    const html = prerenderLandingPage(INDEX_HTML) ?? '';
    const document = new DOMParser().parseFromString(html, 'text/html');
    const root = document.getElementById('root')!;
    expect(root.getAttribute(PRERENDERED_ATTRIBUTE)).toBe('landing');
    expect(root.querySelector('h1')?.textContent).toBe('Your store, your products, your customers.');
    expect(root.textContent).toContain('Everything you need to sell online');
    const links = [...root.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual(
      expect.arrayContaining([
        ['Sign in', '/login'],
        ['Create your free store', '/signup'],
        ['I already have an account', '/login'],
      ]),
    );
    expect(document.querySelector('noscript')).not.toBeNull();
    expect(document.querySelector('script[src="/assets/main.js"]')).not.toBeNull();
  });

  it('refuses a template without an empty #root', () => {
    expect(prerenderLandingPage('<html><body><div id="app"></div></body></html>')).toBeNull();
  });
});
