import { escapeHtml } from '#src/providers/email/templates/escape-html.ts';
import { renderLinkPage } from './link-page.ts';

export type ConsentView =
  | { state: 'ask'; storeName: string; email: string; action: string }
  | { state: 'subscribed'; storeName: string; email: string; storeUrl: string }
  | { state: 'expired' | 'stale'; storeName: string; membersUrl: string }
  | { state: 'invalid' };

export const CONSENT_PAGE_TEXT = Object.freeze({
  invalid: 'This confirmation link is not valid. Please use the link in your email.',
  expired: 'This link has expired.',
  stale: 'This link is no longer valid: this address unsubscribed after it was sent.',
});

/** The consent confirmation link's page: asks (one button), says it is done, or why not. */
export function renderConsentPage(view: ConsentView): { html: string; csp: string } {
  switch (view.state) {
    case 'ask':
      return renderLinkPage({
        title: `Get emails from ${view.storeName}?`,
        storeName: view.storeName,
        bodyHtml:
          `<p>News and offers from this store will go to ${escapeHtml(view.email)}. You can unsubscribe again from any of them.</p>` +
          `<form method="post" action="${escapeHtml(view.action)}"><button type="submit">Yes, send me emails</button></form>`,
      });
    case 'subscribed':
      return renderLinkPage({
        title: 'You are subscribed',
        storeName: view.storeName,
        bodyHtml:
          `<p role="status">News and offers from ${escapeHtml(view.storeName)} will go to ${escapeHtml(view.email)}.</p>` +
          `<p><a href="${escapeHtml(view.storeUrl)}">Visit the store</a></p>`,
      });
    case 'expired':
    case 'stale':
      return renderLinkPage({
        title: 'Confirm emails',
        storeName: view.storeName,
        bodyHtml:
          `<p role="alert">${escapeHtml(CONSENT_PAGE_TEXT[view.state])}</p>` +
          `<p>You can turn emails on in the store’s <a href="${escapeHtml(view.membersUrl)}">members area</a>.</p>`,
      });
    case 'invalid':
      return renderLinkPage({ title: 'Confirm emails', bodyHtml: `<p role="alert">${escapeHtml(CONSENT_PAGE_TEXT.invalid)}</p>` });
  }
}
