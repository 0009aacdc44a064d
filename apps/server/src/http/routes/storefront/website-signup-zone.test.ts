import { createHash } from 'node:crypto';
import { SIGNUP_TIME_ZONE_SCRIPT } from '@shopfront/core/signup-form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUP_SCRIPT_CSP_SOURCE } from '#src/http/security-headers.ts';
import { seedStorefront } from '#src/testing/seed-storefront.ts';
import { createStorefrontTestApp } from '#src/testing/storefront-test-app.ts';
import type { TestApp } from '#src/testing/test-app.ts';
import { hero, pageContent, seedWebsitePage } from '#src/testing/website-pages.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createStorefrontTestApp();
  const { storeId } = await seedStorefront(t.db, { slug: 'zone-site', name: 'Zone site' });
  await seedWebsitePage(t.db, storeId, {
    slug: 'home',
    title: 'Home',
    published: pageContent(hero('Hello'), { type: 'EmailSignup', props: { id: 'EmailSignup-news', heading: 'Get the newsletter', buttonLabel: 'Join', consentLabel: 'Email me' } }),
  });
  await seedWebsitePage(t.db, storeId, { slug: 'about', title: 'About', position: 1, published: pageContent(hero('About us')) });
}, 120_000);
afterAll(() => t?.close());

/** The website signup form sends the visitor's time zone (docs/automations.md "Contacts' time zones"). */
describe('the signup form’s time zone', () => {
  it('a page with a form carries the one fixed script, allowed by its hash, and the hidden field it fills', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/zone-site/website' });
    expect(page.statusCode).toBe(200);
    expect(page.body.match(/<script\b[^>]*>([\s\S]*?)<\/script>/g)).toEqual([`<script>${SIGNUP_TIME_ZONE_SCRIPT}</script>`]);
    expect(page.body).toContain('<input type="hidden" name="timeZone" value=""/>');
    expect(page.body).toContain('<input type="hidden" name="block" value="EmailSignup-news"/>');
    const hash = `'sha256-${createHash('sha256').update(SIGNUP_TIME_ZONE_SCRIPT).digest('base64')}'`;
    expect(SIGNUP_SCRIPT_CSP_SOURCE).toBe(hash);
    const scriptSrc = String(page.headers['content-security-policy']).split(';').find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' ${hash}`);
  });

  it('a page without a form carries no script at all', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/zone-site/website/about' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/<script/i);
  });

  it('the script puts the browser’s zone in every form’s field, and a browser without Intl leaves them empty', () => {
    const fields = [{ value: '' }, { value: '' }];
    const document = { querySelectorAll: (selector: string) => (selector === 'input[name=timeZone]' ? fields : []) };
    const intl = { DateTimeFormat: () => ({ resolvedOptions: () => ({ timeZone: 'Asia/Tokyo' }) }) };
    new Function('document', 'Intl', SIGNUP_TIME_ZONE_SCRIPT)(document, intl);
    expect(fields.map((field) => field.value)).toEqual(['Asia/Tokyo', 'Asia/Tokyo']);
    const untouched = [{ value: '' }];
    expect(() => new Function('document', 'Intl', SIGNUP_TIME_ZONE_SCRIPT)({ querySelectorAll: () => untouched }, undefined)).not.toThrow();
    expect(untouched[0]!.value).toBe('');
  });
});
