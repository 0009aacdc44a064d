import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '#src/db/schema/index.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';
import { MESSAGE_HTML_CSP } from './debug-mailbox.ts';

const SPA_HTML = '<!doctype html><html><head><title>Shopfront</title></head><body><div id="root"></div></body></html>';
const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 12, minute));
const MESSAGES = [
  { id: 'eml_old', to: 'ada@example.com', subject: 'First', text: 'Code 111111', html: '<p>First</p>', createdAt: at(1) },
  { id: 'eml_grace', to: 'Grace Hopper <Grace@Example.com>', subject: 'For Grace', text: 'Code 222222', html: '<p>Grace</p>', createdAt: at(2) },
  {
    id: 'eml_new',
    to: 'ada@example.com',
    subject: '<script>alert("subject")</script>',
    text: 'Hi </pre><script>alert(1)</script>',
    html: '<p>Newest <img src=x onerror=alert(1)></p>',
    createdAt: at(3),
  },
];

let dist: string;
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'shopfront-mailbox-dist-'));
  writeFileSync(join(dist, 'index.html'), SPA_HTML);
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

async function seed(t: TestApp) {
  await t.db.insert(emailOutbox).values(MESSAGES.map((m) => ({ ...m, from: 'Shopfront <no-reply@localhost>', tags: ['test'] })));
}

describe('dev mailbox outside production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDistDir: dist });
    await seed(t);
  });
  afterAll(() => t.close());

  it('GET /debug/mailbox.json lists every message newest first, with exactly the documented fields', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/debug/mailbox.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<Record<string, unknown>[]>();
    expect(body.map((m) => m.id)).toEqual(['eml_new', 'eml_grace', 'eml_old']);
    expect(body[2]).toEqual({
      id: 'eml_old',
      to: 'ada@example.com',
      from: 'Shopfront <no-reply@localhost>',
      subject: 'First',
      text: 'Code 111111',
      html: '<p>First</p>',
      createdAt: '2030-01-01T12:01:00.000Z',
    });
  });

  it('filters by recipient (bare or named address, any case) and limits the count', async () => {
    const ids = async (query: string) => (await t.app.inject({ method: 'GET', url: `/debug/mailbox.json?${query}` })).json<{ id: string }[]>().map((m) => m.id);
    expect(await ids('to=ada@example.com')).toEqual(['eml_new', 'eml_old']);
    expect(await ids('to=grace%40example.com')).toEqual(['eml_grace']);
    expect(await ids('to=nobody@example.com')).toEqual([]);
    expect(await ids('to=da@example.com')).toEqual([]);
    expect(await ids('limit=1')).toEqual(['eml_new']);
    expect(await ids('to=ada@example.com&limit=1')).toEqual(['eml_new']);
    expect(await ids('limit=500')).toHaveLength(3);
  });

  it.each(['limit=0', 'limit=501', 'limit=two'])('refuses ?%s with 400', async (query) => {
    const response = await t.app.inject({ method: 'GET', url: `/debug/mailbox.json?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { status: 'INVALID_ARGUMENT', message: 'Invalid mailbox query: limit.' } });
  });

  it('GET /debug/mailbox renders the messages with every value escaped', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/debug/mailbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const page = response.body;
    expect(page).toContain('<h2>&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;</h2>');
    expect(page).toContain('<pre>Hi &lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;</pre>');
    expect(page).toContain('To Grace Hopper &lt;Grace@Example.com&gt;');
    expect(page).toContain('<time datetime="2030-01-01T12:01:00.000Z">');
    expect(page).toContain('<pre>Code 111111</pre>');
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<img');
    expect(page).toContain('<iframe sandbox src="/debug/mailbox/eml_new.html"');
    expect(page.indexOf('eml_new')).toBeLessThan(page.indexOf('eml_old'));
    // The app's own CSP (no inline script) still applies to the page.
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('GET /debug/mailbox?to= shows only that recipient’s messages and says when there are none', async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/debug/mailbox?to=grace@example.com' })).body;
    expect(page).toContain('For Grace');
    expect(page).not.toContain('First');
    const none = (await t.app.inject({ method: 'GET', url: '/debug/mailbox?to=%22%3E%3Cb%3E@x.test' })).body;
    expect(none).toContain('No messages for &quot;&gt;&lt;b&gt;@x.test yet.');
  });

  it('serves one message’s HTML part under a sandboxing CSP, and 404 for an unknown id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/debug/mailbox/eml_new.html' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('<p>Newest <img src=x onerror=alert(1)></p>');
    expect(response.headers['content-security-policy']).toBe(MESSAGE_HTML_CSP);
    expect(MESSAGE_HTML_CSP).toMatch(/default-src 'none'.*; sandbox$/);
    expect(response.headers['cache-control']).toBe('no-store');

    for (const url of ['/debug/mailbox/eml_missing.html', '/debug/mailbox/eml_new', '/debug/mailbox/.html']) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body).not.toContain('Newest');
    }
  });
});

describe('dev mailbox in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDistDir: dist, env: testEnv({ NODE_ENV: 'production' }) });
    await seed(t);
  });
  afterAll(() => t.close());

  it.each(['/debug/mailbox.json', '/debug/mailbox', '/debug/mailbox?to=ada@example.com', '/debug/mailbox/eml_new.html'])(
    'GET %s is absent: the same SPA page as any unknown path, with no message in it',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      const unknown = await t.app.inject({ method: 'GET', url: '/debug/no-such-page' });
      expect(response.statusCode).toBe(unknown.statusCode);
      expect(response.body).toBe(unknown.body);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toMatch(/Newest|111111|Grace/);
    },
  );
});
