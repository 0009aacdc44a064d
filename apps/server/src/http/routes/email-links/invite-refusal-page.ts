import { escapeHtml } from '#src/providers/email/templates/escape-html.ts';
import { renderLinkPage } from './link-page.ts';

export type InviteRefusalView =
  | { state: 'ask'; storeName: string; email: string; action: string }
  | { state: 'declined'; storeName: string; email: string }
  | { state: 'invalid' };

export const INVITE_REFUSAL_TEXT = Object.freeze({
  invalid: 'This link is not valid. Please use the link in your invitation email.',
});

/** The page of an invitation's "No more invitations from this store" link. */
export function renderInviteRefusalPage(view: InviteRefusalView): { html: string; csp: string } {
  switch (view.state) {
    case 'ask':
      return renderLinkPage({
        title: 'No more affiliate invitations from this store?',
        storeName: view.storeName,
        bodyHtml:
          `<p>This store will not be able to invite ${escapeHtml(view.email)} to its affiliate program again.</p>` +
          `<form method="post" action="${escapeHtml(view.action)}"><button type="submit">Stop invitations</button></form>`,
      });
    case 'declined':
      return renderLinkPage({
        title: 'No more invitations',
        storeName: view.storeName,
        bodyHtml: `<p role="status">${escapeHtml(view.storeName)} cannot invite ${escapeHtml(view.email)} to its affiliate program again.</p>`,
      });
    case 'invalid':
      return renderLinkPage({ title: 'Affiliate invitations', bodyHtml: `<p role="alert">${escapeHtml(INVITE_REFUSAL_TEXT.invalid)}</p>` });
  }
}
