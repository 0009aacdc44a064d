import { escapeHtml } from '#src/providers/email/templates/escape-html.ts';
import type { MailboxMessage } from './debug-mailbox-store.ts';

/** Where one message's HTML part is served, alone, under a sandboxing CSP. */
export const messageHtmlPath = (id: string) => `/debug/mailbox/${encodeURIComponent(id)}.html`;

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:24px;color:#1f2937}
h1{font-size:22px;margin:0 0 4px}form{margin:16px 0;display:flex;gap:8px}input{flex:1;padding:6px 8px}
article{border:1px solid #e5e7eb;border-radius:8px;padding:16px;margin:0 0 16px}
h2{font-size:17px;margin:0 0 4px}.meta{color:#6b7280;font-size:13px;margin:0 0 8px}
pre{white-space:pre-wrap;background:#f9fafb;padding:12px;border-radius:6px;margin:8px 0}
iframe{width:100%;height:480px;border:1px solid #e5e7eb;border-radius:6px;background:#fff}`;

/** The dev mailbox: every value is escaped; the HTML parts load sandboxed. */
export function renderMailboxPage(messages: MailboxMessage[], filter: { to?: string | undefined }): string {
  const to = filter.to ?? '';
  const items = messages.map(renderMessage).join('\n');
  const empty = `<p>No messages${to ? ` for ${escapeHtml(to)}` : ''} yet.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox · Shopfront development</title><style>${STYLE}</style></head>
<body><h1>Development mailbox</h1>
<p class="meta">Messages the outbox email provider stored, newest first. JSON: <a href="/debug/mailbox.json">/debug/mailbox.json</a></p>
<form method="get" action="/debug/mailbox"><input type="email" name="to" placeholder="Filter by recipient" value="${escapeHtml(to)}"><button type="submit">Filter</button></form>
${messages.length === 0 ? empty : items}
</body></html>
`;
}

function renderMessage(message: MailboxMessage): string {
  const htmlPath = messageHtmlPath(message.id);
  return `<article>
<h2>${escapeHtml(message.subject)}</h2>
<p class="meta">To ${escapeHtml(message.to)} · from ${escapeHtml(message.from)} · <time datetime="${escapeHtml(message.createdAt)}">${escapeHtml(message.createdAt)}</time></p>
<pre>${escapeHtml(message.text)}</pre>
<details><summary>HTML part</summary><p><a href="${escapeHtml(htmlPath)}" target="_blank" rel="noopener">Open the HTML part</a></p>
<iframe sandbox src="${escapeHtml(htmlPath)}" loading="lazy" title="${escapeHtml(message.subject)}"></iframe></details>
</article>`;
}
