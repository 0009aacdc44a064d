import { createHash } from 'node:crypto';
import { escapeHtml } from '#src/providers/email/templates/escape-html.ts';

/**
 * The public unsubscribe page: no script, no external asset, one inline stylesheet allowed by its
 * hash. Readable on a phone (one column, 48 px button), keyboard-usable (a real form and button),
 * and it says what happened in a live status region after the POST.
 */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f5f3;color:#1f1d1a;line-height:1.5}
main{max-width:460px;margin:0 auto;padding:48px 20px}
.card{background:#fff;border:1px solid #dedad4;border-radius:12px;padding:24px}
.store{font-size:.95rem;color:#5c574f;margin:0 0 8px;font-weight:600}
h1{font-size:1.35rem;line-height:1.3;margin:0 0 12px}
p{margin:0 0 16px}
button{display:block;width:100%;min-height:48px;font:inherit;font-weight:600;color:#fff;background:#1f1d1a;border:0;border-radius:8px;padding:12px 16px;cursor:pointer}
button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
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
  const hash = createHash('sha256').update(STYLE, 'utf8').digest('base64');
  const csp = ["default-src 'none'", `style-src 'sha256-${hash}'`, "form-action 'self'", "base-uri 'none'", "frame-ancestors 'none'"].join('; ');
  const title = view.state === 'invalid' ? 'Unsubscribe' : `${TITLES[view.state]} ${view.storeName}`;
  const card = view.state === 'invalid' ? `<h1>Unsubscribe</h1><p role="alert">${escapeHtml(view.message)}</p>` : cardOf(view);
  const html = [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}</style></head><body>`,
    `<main><div class="card">${card}</div></main></body></html>`,
  ].join('\n');
  return { html, csp };
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
