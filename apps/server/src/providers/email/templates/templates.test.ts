import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html.ts';
import {
  passwordResetCodeEmail, recoveryCodeUsedEmail, secondFactorLockedEmail, secondFactorResetEmail, signInLinkEmail, verificationCodeEmail, welcomeEmail,
} from './index.ts';

describe.each([
  ['verification code', verificationCodeEmail, '482915 is your Shopfront verification code'],
  ['password reset code', passwordResetCodeEmail, '482915 is your Shopfront password reset code'],
])('%s email', (_name, render, subject) => {
  it('carries the code and its expiry in the subject, text and html', () => {
    const email = render({ code: '482915' });
    expect(email.subject).toBe(subject);
    expect(email.text).toContain('    482915\n');
    expect(email.text).toContain('This code expires in 10 minutes.');
    expect(email.html).toMatch(/monospace;font-size:32px[^>]*>482915</);
    expect(email.html).toContain('This code expires in 10 minutes.');
  });

  it('takes exactly 6 digits', () => {
    expect(() => render({ code: '48291' })).toThrow('exactly 6 digits');
    expect(() => render({ code: '4829150' })).toThrow('exactly 6 digits');
    expect(() => render({ code: '48291a' })).toThrow('exactly 6 digits');
    expect(render({ code: '000000' }).text).toContain('000000');
  });

  it('uses the store name instead of Shopfront and says the real expiry', () => {
    const email = render({ code: '123456', productName: 'Ada’s Shop', expiresInMinutes: 1 });
    expect(email.subject).toContain('Ada’s Shop');
    expect(email.subject).not.toContain('Shopfront');
    expect(email.text).toContain('expires in 1 minute.');
    expect(email.html).toContain('Sent by Ada’s Shop');
  });
});

describe('sign-in link email', () => {
  const url = 'https://shopfront.test/login/link?token=abc&email=ada%40example.com';

  it('shows the link as a button and as a plain URL in html, and as the URL in text', () => {
    const email = signInLinkEmail({ url });
    const escaped = 'https://shopfront.test/login/link?token=abc&amp;email=ada%40example.com';
    expect(email.subject).toBe('Sign in to Shopfront');
    expect(email.html.split(`href="${escaped}"`)).toHaveLength(3);
    expect(email.html).toContain(`>${escaped}</a>`);
    expect(email.html).toContain('This link expires in 10 minutes.');
    expect(email.text).toContain(`Sign in to Shopfront:\n${url}\n`);
    expect(email.text).toContain('This link expires in 10 minutes.');
  });

  it('refuses links that are not absolute http(s) URLs', () => {
    expect(() => signInLinkEmail({ url: 'javascript:alert(1)' })).toThrow('http(s)');
    expect(() => signInLinkEmail({ url: '/login/link?token=abc' })).toThrow('http(s)');
    expect(signInLinkEmail({ url: 'http://localhost:3000/x' }).text).toContain('http://localhost:3000/x');
  });

  it('cannot break out of the href attribute', () => {
    const email = signInLinkEmail({ url: 'https://shopfront.test/x?q="><script>alert(1)</script>' });
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('href="https://shopfront.test/x?q=%22%3E%3Cscript%3Ealert(1)%3C/script%3E"');
  });
});

describe('welcome email', () => {
  it('greets by first name and links to the dashboard', () => {
    const email = welcomeEmail({ firstName: 'Ada', dashboardUrl: 'https://shopfront.test/dashboard' });
    expect(email.subject).toBe('Welcome to Shopfront');
    expect(email.text.startsWith('Welcome, Ada!\n')).toBe(true);
    expect(email.html).toContain('href="https://shopfront.test/dashboard"');
    expect(email.text).toContain('Open your dashboard:\nhttps://shopfront.test/dashboard');
  });

  it('has no button without a dashboard URL', () => {
    expect(welcomeEmail({}).html).not.toContain('<a ');
  });

  it('escapes a hostile name and product name in the html but keeps them readable in text', () => {
    const email = welcomeEmail({ firstName: '<script>alert("x")</script>', productName: 'Tom & <b>Jerry</b>' });
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<b>');
    expect(email.html).toContain('Welcome, &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;!');
    expect(email.html).toContain('Tom &amp; &lt;b&gt;Jerry&lt;/b&gt;');
    expect(email.text).toContain('Welcome, <script>alert("x")</script>!');
    expect(email.subject).toBe('Welcome to Tom & <b>Jerry</b>');
  });

  it('keeps a multi-line product name on one line in the subject', () => {
    expect(welcomeEmail({ productName: 'Evil\r\nBcc: x@y.test' }).subject).toBe('Welcome to Evil Bcc: x@y.test');
  });
});

describe('second-factor lockout email', () => {
  it('says for how long codes are paused, or that a password reset unlocks them, with a link to sign in', () => {
    const paused = secondFactorLockedEmail({ pausedForMinutes: 15, signInUrl: 'https://shopfront.test/login' });
    expect(paused.subject).toBe('Too many wrong sign-in codes on your Shopfront account');
    expect(paused.text).toContain('paused for 15 minutes');
    expect(paused.html).toContain('href="https://shopfront.test/login"');
    const locked = secondFactorLockedEmail({ signInUrl: 'https://shopfront.test/login' });
    expect(locked.text).toContain('reset your password');
    expect(locked.text).not.toContain('paused');
  });

  it('refuses a sign-in URL that is not http(s)', () => {
    expect(() => secondFactorLockedEmail({ signInUrl: 'javascript:alert(1)' })).toThrow('http(s)');
  });
});

describe('recovery-code and second-factor reset emails', () => {
  const base = { usedFor: 'to sign in', usedAt: new Date('2030-01-02T03:04:05Z'), settingsUrl: 'https://shopfront.test/dashboard/settings#security' };

  it('says what the code was used for, when (UTC), and how many are left, warning from 2', () => {
    expect(recoveryCodeUsedEmail({ ...base, remaining: 3 }).text).toContain('used to sign in on 2030-01-02 03:04 UTC');
    expect(recoveryCodeUsedEmail({ ...base, remaining: 3 }).text).not.toContain('run out');
    expect(recoveryCodeUsedEmail({ ...base, remaining: 1 }).text).toContain('You have 1 recovery code left. Generate new ones');
    expect(recoveryCodeUsedEmail({ ...base, remaining: 0 }).text).toContain('You have no recovery codes left.');
    expect(recoveryCodeUsedEmail({ ...base, remaining: null }).text).not.toContain('left');
    expect(() => recoveryCodeUsedEmail({ ...base, remaining: 1, settingsUrl: 'javascript:alert(1)' })).toThrow('http(s)');
  });

  it('tells the owner their second factor was removed and how to set it up again', () => {
    const email = secondFactorResetEmail({ signInUrl: 'https://shopfront.test/login' });
    expect(email.subject).toBe('Two-step verification was removed from your Shopfront account');
    expect(email.text).toContain('signed you out on every device');
    expect(email.html).toContain('href="https://shopfront.test/login"');
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters and nothing else', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a> é`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt; é');
  });
});
