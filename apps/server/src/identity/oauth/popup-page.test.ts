import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { POPUP_CSP, POPUP_SCRIPT, POPUP_SCRIPT_HASH, renderPopupPage } from './popup-page.ts';

describe('popup page', () => {
  it('allows exactly its own inline script by hash, and nothing else', () => {
    expect(POPUP_SCRIPT_HASH).toBe(`sha256-${createHash('sha256').update(POPUP_SCRIPT).digest('base64')}`);
    expect(POPUP_CSP).toBe(`default-src 'none'; script-src '${POPUP_SCRIPT_HASH}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'`);
  });

  it('cannot be broken out of by a hostile message', () => {
    const hostile = '</script><script>alert(1)</script><!--';
    const html = renderPopupPage({
      message: { type: 'shopfront-oauth', status: 'error', message: hostile },
      targetOrigin: 'https://shop.example.com',
      fallbackUrl: '/login',
    });
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).not.toContain(hostile);
    const data = /<script type="application\/json" id="shopfront-oauth-result">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(JSON.parse(data)).toEqual({
      message: { type: 'shopfront-oauth', status: 'error', message: hostile },
      targetOrigin: 'https://shop.example.com',
      fallbackUrl: '/login',
    });
    expect(html).toContain('&#60;/script&#62;&#60;script&#62;alert(1)');
  });
});
