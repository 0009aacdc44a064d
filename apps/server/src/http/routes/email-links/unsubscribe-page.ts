import { escapeHtml } from '#src/providers/email/templates/escape-html.ts';
import { renderLinkDocument } from './link-page.ts';

/**
 * The public unsubscribe page, in the shell of every email-link page; it says what happened in a
 * live status region after the POST.
 */
const EXTRA_STYLE = `
.done{font-weight:600}
.again{margin:24px 0 0;padding-top:16px;border-top:1px solid #dedad4}
.again button{color:#1f1d1a;background:#fff;border:1px solid #1f1d1a}
.back{display:inline-block;margin-top:16px;color:#1f1d1a;font-weight:600}
`;

export interface UnsubscribeDocument {
  html: string;
  csp: string;
}

/**
 * `storeUrl` links back to the store, `membersUrl` to its members area; `action` is the link's own
 * address (the forms post to it); `canResubscribe`: the unsubscribe is recent enough to undo here.
 */
export interface RecipientView {
  storeName: string;
  storeUrl: string;
  membersUrl: string;
  email: string;
  action: string;
  canResubscribe: boolean;
}

export type UnsubscribeView = (RecipientView & { state: 'ask' | 'done' | 'resubscribed' }) | { state: 'invalid'; message: string };

const TITLES = { ask: 'Unsubscribe from', done: 'Unsubscribed from', resubscribed: 'Subscribed again to' } as const;

export function renderUnsubscribePage(view: UnsubscribeView): UnsubscribeDocument {
  const title = view.state === 'invalid' ? 'Unsubscribe' : `${TITLES[view.state]} ${view.storeName}`;
  const cardHtml = view.state === 'invalid' ? `<h1>Unsubscribe</h1><p role="alert">${escapeHtml(view.message)}</p>` : cardOf(view);
  return renderLinkDocument({ title, cardHtml, extraStyle: EXTRA_STYLE });
}

function cardOf(view: RecipientView & { state: 'ask' | 'done' | 'resubscribed' }): string {
  const store = escapeHtml(view.storeName);
  const email = escapeHtml(view.email);
  const back = `<a class="back" href="${escapeHtml(view.storeUrl)}">Back to ${store}</a>`;
  const form = (path: string, label: string) => `<form method="post" action="${escapeHtml(path)}"><button type="submit">${label}</button></form>`;
  if (view.state === 'ask') {
    return `<p class="store">${store}</p><h1>Unsubscribe from ${store}?</h1>` +
      `<p>Marketing emails from this store will stop going to ${email}. Receipts and download links still arrive.</p>` +
      form(view.action, 'Unsubscribe') + back;
  }
  if (view.state === 'done') {
    const again = view.canResubscribe
      ? `<p>Unsubscribed by mistake?</p>${form(`${view.action}/resubscribe`, 'Resubscribe')}`
      : `<p>Changed your mind? Turn emails back on in <a href="${escapeHtml(view.membersUrl)}">your members area</a>.</p>`;
    return `<p class="store">${store}</p><h1>You are unsubscribed</h1>` +
      `<p class="done" role="status">No more marketing emails from this store will go to ${email}.</p>` +
      `<div class="again">${again}</div>` + back;
  }
  return `<p class="store">${store}</p><h1>You are subscribed again</h1>` +
    `<p class="done" role="status">Marketing emails from this store will go to ${email} again. Every one has an unsubscribe link.</p>` +
    back;
}
