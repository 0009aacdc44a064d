import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '#src/db/schema/index.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';
import { ATTACHMENT_CSP, MESSAGE_HTML_CSP } from './debug-mailbox.ts';

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
      headers: {},
      attachments: [],
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

  it('lists a message’s attachments (name, type, size, link) and serves each as a download; a wrong index or id is 404', async () => {
    const ics = 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nUID:bkg_1@shopfront\r\nSEQUENCE:1\r\nSUMMARY:Café call\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
    await t.db.insert(emailOutbox).values({
      id: 'eml_invite',
      to: 'invitee@example.com',
      from: 'Shopfront <no-reply@localhost>',
      subject: 'Moved: <Call>',
      text: 'Moved',
      html: '<p>Moved</p>',
      createdAt: at(0),
      attachments: [
        { filename: 'invite.ics', contentType: 'text/calendar; method=REQUEST', content: ics },
        { filename: '"><b>x.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' },
      ],
    });
    const [listed] = (await t.app.inject({ method: 'GET', url: '/debug/mailbox.json?to=invitee@example.com' })).json<{ attachments: unknown[] }[]>();
    expect(listed!.attachments).toEqual([
      { filename: 'invite.ics', contentType: 'text/calendar; method=REQUEST', size: Buffer.byteLength(ics), url: '/debug/mailbox/eml_invite/attachments/0' },
      { filename: '"><b>x.ics', contentType: 'text/calendar', size: 32, url: '/debug/mailbox/eml_invite/attachments/1' },
    ]);
    expect(Buffer.byteLength(ics)).toBe(ics.length + 1); // the é: bytes, not characters

    const file = await t.app.inject({ method: 'GET', url: '/debug/mailbox/eml_invite/attachments/0' });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe(ics);
    expect(file.headers['content-type']).toBe('text/calendar; method=REQUEST; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="invite.ics"');
    expect(file.headers['content-security-policy']).toBe(ATTACHMENT_CSP);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('no-store');
    const odd = await t.app.inject({ method: 'GET', url: '/debug/mailbox/eml_invite/attachments/1' });
    expect(odd.headers['content-disposition']).toBe('attachment; filename="___b_x.ics"');

    const page = (await t.app.inject({ method: 'GET', url: '/debug/mailbox?to=invitee@example.com' })).body;
    expect(page).toContain('<a href="/debug/mailbox/eml_invite/attachments/0" download="invite.ics">invite.ics</a> · text/calendar; method=REQUEST');
    expect(page).toContain('&quot;&gt;&lt;b&gt;x.ics');
    expect(page).not.toContain('"><b>x.ics');

    for (const url of ['/debug/mailbox/eml_invite/attachments/2', '/debug/mailbox/eml_invite/attachments/-1', '/debug/mailbox/eml_invite/attachments/x', '/debug/mailbox/eml_old/attachments/0', '/debug/mailbox/eml_missing/attachments/0']) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body).not.toContain('VCALENDAR');
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

  it.each([
    '/debug/mailbox.json',
    '/debug/mailbox',
    '/debug/mailbox?to=ada@example.com',
    '/debug/mailbox/eml_new.html',
    '/debug/mailbox/eml_new/attachments/0',
    '/debug/mailbox/campaigns.json',
    '/debug/mailbox/campaigns/cmp_aaaaaaaaaaaaaaaaaaaa.json',
  ])(
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

describe('dev mailbox campaign view', () => {
  let t: TestApp;
  const CAMPAIGN = 'cmp_aaaaaaaaaaaaaaaaaaaa';
  const OTHER = 'cmp_bbbbbbbbbbbbbbbbbbbb';
  const headersOf = (n: number) => ({
    'List-Unsubscribe': `<https://app.test/e/u/tok${n}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    'Message-ID': `<rcp_${n}@mail.test>`,
  });
  const CAMPAIGN_MESSAGES: { id: string; to: string; subject: string; headers: Record<string, string>; tags: string[]; createdAt: Date }[] = [
    { id: 'eml_c1', to: 'ada@example.com', subject: 'Spring', headers: headersOf(1), tags: ['campaign', `campaign:${CAMPAIGN}`], createdAt: at(10) },
    // The same person again, stored with a display name and another case: one recipient, two messages.
    { id: 'eml_c2', to: 'Ada Lovelace <ADA@example.com>', subject: 'Spring', headers: headersOf(2), tags: [`campaign:${CAMPAIGN}`], createdAt: at(11) },
    // Header names in another case are still found; a missing one shows as missing.
    { id: 'eml_c3', to: 'Grace <grace@example.com>', subject: 'Spring', headers: { 'list-unsubscribe': '<https://app.test/e/u/tok3>', 'message-id': '<rcp_3@mail.test>' }, tags: [`campaign:${CAMPAIGN}`], createdAt: at(12) },
    { id: 'eml_o1', to: 'ada@example.com', subject: 'Summer <b>sale</b>', headers: headersOf(4), tags: [`campaign:${OTHER}`], createdAt: at(20) },
    { id: 'eml_plain', to: 'ada@example.com', subject: 'Your code', headers: {}, tags: ['verification-code'], createdAt: at(30) },
  ];

  beforeAll(async () => {
    t = await createTestApp({ webDistDir: dist });
    await t.db.insert(emailOutbox).values(CAMPAIGN_MESSAGES.map((m) => ({ ...m, from: 'Shop <shop@mail.test>', text: `Text of ${m.id}`, html: '<p>x</p>' })));
  });
  afterAll(() => t.close());

  const json = async <T>(url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    return response.json<T>();
  };

  it('lists the campaigns in the outbox with distinct recipients and message counts', async () => {
    expect(await json('/debug/mailbox/campaigns.json')).toEqual([
      { campaignId: OTHER, recipientCount: 1, messageCount: 1, lastAt: '2030-01-01T12:20:00.000Z' },
      { campaignId: CAMPAIGN, recipientCount: 2, messageCount: 3, lastAt: '2030-01-01T12:12:00.000Z' },
    ]);
  });

  it('filters the message list by campaign, alone or with a recipient', async () => {
    const ids = async (query: string) => (await json<{ id: string }[]>(`/debug/mailbox.json?${query}`)).map((m) => m.id);
    expect(await ids(`campaign=${CAMPAIGN}`)).toEqual(['eml_c3', 'eml_c2', 'eml_c1']);
    expect(await ids(`campaign=${OTHER}`)).toEqual(['eml_o1']);
    expect(await ids(`campaign=${CAMPAIGN}&to=ada@example.com`)).toEqual(['eml_c2', 'eml_c1']);
    expect(await ids('campaign=cmp_cccccccccccccccccccc')).toEqual([]);
    // Each entry carries its headers as sent.
    expect((await json<{ headers: unknown }[]>(`/debug/mailbox.json?campaign=${OTHER}`))[0]?.headers).toEqual(headersOf(4));
    // The tag must match whole: a prefix of a campaign id is another campaign.
    expect(await ids('campaign=cmp_aaaa')).toEqual([]);
    expect(await ids('')).toHaveLength(5);
    const bad = await t.app.inject({ method: 'GET', url: '/debug/mailbox.json?campaign=%3Cx%3E' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { message: 'Invalid mailbox query: campaign.' } });
  });

  it("answers one campaign's counts and each message's unsubscribe and Message-ID headers", async () => {
    const campaign = await json<Record<string, unknown> & { messages: { id: string; headers: unknown }[] }>(`/debug/mailbox/campaigns/${CAMPAIGN}.json`);
    expect(campaign).toMatchObject({ campaignId: CAMPAIGN, recipientCount: 2, messageCount: 3 });
    expect(campaign.messages.map((m) => [m.id, m.headers])).toEqual([
      ['eml_c3', { 'List-Unsubscribe': '<https://app.test/e/u/tok3>', 'List-Unsubscribe-Post': null, 'Message-ID': '<rcp_3@mail.test>' }],
      ['eml_c2', headersOf(2)],
      ['eml_c1', headersOf(1)],
    ]);
    expect((await json<{ messages: unknown[] }>(`/debug/mailbox/campaigns/${CAMPAIGN}.json?limit=1`)).messages).toHaveLength(1);
    for (const url of ['/debug/mailbox/campaigns/cmp_cccccccccccccccccccc.json', `/debug/mailbox/campaigns/${CAMPAIGN}`, '/debug/mailbox/campaigns/%3Cx%3E.json']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('GET /debug/mailbox?campaign= shows the recipient count and the headers of each message, escaped', async () => {
    const page = (await t.app.inject({ method: 'GET', url: `/debug/mailbox?campaign=${CAMPAIGN}` })).body;
    expect(page).toContain(`<h2>Campaign ${CAMPAIGN}</h2>`);
    expect(page).toContain('data-recipients="2">2 recipients · 3 messages · <strong class="missing">1 duplicate</strong>');
    expect(page).toContain('<dt>List-Unsubscribe</dt><dd>&lt;https://app.test/e/u/tok1&gt;</dd>');
    expect(page).toContain('<dt>List-Unsubscribe-Post</dt><dd>List-Unsubscribe=One-Click</dd>');
    expect(page).toContain('<dt>Message-ID</dt><dd>&lt;rcp_1@mail.test&gt;</dd>');
    expect(page).toContain('<dt>List-Unsubscribe-Post</dt><dd><span class="missing">missing</span></dd>');
    expect(page).toContain('Text of eml_c3');
    expect(page).not.toContain('Text of eml_o1');
    expect(page).not.toContain('Your code');

    const all = (await t.app.inject({ method: 'GET', url: '/debug/mailbox' })).body;
    expect(all).toContain(`<a href="/debug/mailbox?campaign=${CAMPAIGN}">${CAMPAIGN}</a> · 2 recipients · 3 messages`);
    expect(all).toContain(`<a href="/debug/mailbox?campaign=${OTHER}">${OTHER}</a> · 1 recipient · 1 message`);
    expect(all).toContain('Summer &lt;b&gt;sale&lt;/b&gt;');
    expect(all).not.toContain('<b>sale');
    // Campaign mail shows its headers in the plain list too; other mail shows none.
    expect(all).toContain('<dt>Message-ID</dt><dd>&lt;rcp_4@mail.test&gt;</dd>');
    const plain = all.slice(all.indexOf('Your code'));
    expect(plain.slice(0, plain.indexOf('</article>'))).not.toContain('<dl>');

    const none = (await t.app.inject({ method: 'GET', url: '/debug/mailbox?campaign=cmp_cccccccccccccccccccc' })).body;
    expect(none).toContain('No messages of campaign cmp_cccccccccccccccccccc yet.');
  });
});
