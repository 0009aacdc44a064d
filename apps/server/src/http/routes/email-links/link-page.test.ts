import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { renderLinkPage } from './link-page.ts';
import { renderUnsubscribePage } from './unsubscribe-page.ts';

/** The one inline stylesheet of a page, and whether its CSP allows exactly that one by hash. */
function styleOf(document: { html: string; csp: string }) {
  const style = /<style>([\s\S]*)<\/style>/.exec(document.html)?.[1] ?? '';
  const hash = createHash('sha256').update(style, 'utf8').digest('base64');
  return { style, allowed: document.csp.includes(`style-src 'sha256-${hash}'`) };
}

describe('the email-link page shell', () => {
  it('allows its one stylesheet by hash, loads nothing else and escapes the title', () => {
    const page = renderLinkPage({ title: 'Confirm <you>', storeName: 'Mugs & Co', bodyHtml: '<p>Body</p>' });
    expect(styleOf(page).allowed).toBe(true);
    expect(page.csp).toContain("default-src 'none'");
    expect(page.html).not.toContain('<script');
    expect(page.html).toContain('<title>Confirm &lt;you&gt;</title>');
    expect(page.html).toContain('<p class="store">Mugs &amp; Co</p><h1>Confirm &lt;you&gt;</h1><p>Body</p>');
  });

  it('gives the unsubscribe page its own rules in the same shell, still allowed by the hash', () => {
    const view = { storeName: 'Mugs', storeUrl: 'https://mugs.example', membersUrl: 'https://mugs.example/members', email: 'ann@example.com', action: '/e/u/x', canResubscribe: true };
    for (const page of [renderUnsubscribePage({ ...view, state: 'done' }), renderUnsubscribePage({ state: 'invalid', message: 'This link has expired.' })]) {
      const { style, allowed } = styleOf(page);
      expect(allowed).toBe(true);
      expect(style).toContain('.again button');
      expect(style).toContain('.card{');
    }
    expect(styleOf(renderLinkPage({ title: 'x', bodyHtml: '' })).style).not.toContain('.again');
  });
});
