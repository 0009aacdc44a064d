import { describe, expect, it } from 'vitest';
import { consentConfirmationEmail } from './consent-confirmation.ts';

const links = { confirmUrl: 'https://shop.example/e/confirm/t', membersUrl: 'https://shop.example/mugs/members', linkDays: 7 };

describe('consent confirmation email', () => {
  it('quotes the store name in a one-line subject and escapes it in the html', () => {
    const email = consentConfirmationEmail({ productName: 'Mugs <b>&</b>\nCo', ...links });
    expect(email.subject).toBe('Confirm you want emails from “Mugs <b>&</b> Co”');
    expect(email.html).toContain('Mugs &lt;b&gt;&amp;&lt;/b&gt; Co');
    expect(email.html).not.toContain('<b>&</b>');
  });

  it('carries the confirmation and the members area as buttons and as plain links, and says nothing changes otherwise', () => {
    const email = consentConfirmationEmail({ productName: 'Mugs', ...links });
    expect(email.text).toContain(`Yes, send me emails:\n${links.confirmUrl}`);
    expect(email.text).toContain(links.membersUrl);
    expect(email.text).toContain('This link works for 7 days');
    expect(email.text).toContain('you stay unsubscribed');
    expect(email.html.split(`href="${links.confirmUrl}"`).length).toBeGreaterThan(1);
  });

  it('refuses a link that is not http(s)', () => {
    expect(() => consentConfirmationEmail({ productName: 'Mugs', ...links, confirmUrl: 'javascript:alert(1)' })).toThrow();
  });
});
