import { escapeHtml } from '#src/providers/email/templates/escape-html.ts';
import { CAMPAIGN_HEADERS, type CampaignHeaders, type MailboxCampaign } from './debug-mailbox-campaigns.ts';
import type { MailboxAttachment, MailboxMessage } from './debug-mailbox-store.ts';

/** Where one message's HTML part is served, alone, under a sandboxing CSP. */
export const messageHtmlPath = (id: string) => `/debug/mailbox/${encodeURIComponent(id)}.html`;

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:24px;color:#1f2937}
h1{font-size:22px;margin:0 0 4px}form{margin:16px 0;display:flex;gap:8px}input{flex:1;padding:6px 8px}
article{border:1px solid #e5e7eb;border-radius:8px;padding:16px;margin:0 0 16px}
h2{font-size:17px;margin:0 0 4px}.meta{color:#6b7280;font-size:13px;margin:0 0 8px}
pre{white-space:pre-wrap;background:#f9fafb;padding:12px;border-radius:6px;margin:8px 0}
iframe{width:100%;height:480px;border:1px solid #e5e7eb;border-radius:6px;background:#fff}
nav ul{padding-left:20px;margin:4px 0 16px}dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;font-size:13px;margin:8px 0}
dt{color:#6b7280}dd{margin:0;word-break:break-all;font-family:ui-monospace,monospace}.missing{color:#b91c1c}`;

/** A message as the page shows it; campaign messages carry the headers the campaign view lists. */
export type MailboxPageMessage = Omit<MailboxMessage, 'headers' | 'attachments'> & { headers?: CampaignHeaders; attachments?: MailboxAttachment[] };

export interface MailboxPageContext {
  /** Campaigns found in the outbox, linked as filters. */
  campaigns: MailboxCampaign[];
  /** The campaign view: its id, and its counts (null when the outbox has none of its messages). */
  campaign?: { id: string; summary: MailboxCampaign | null };
}

/** The dev mailbox: every value is escaped; the HTML parts load sandboxed. */
export function renderMailboxPage(messages: MailboxPageMessage[], filter: { to?: string | undefined }, context: MailboxPageContext = { campaigns: [] }): string {
  const to = filter.to ?? '';
  const items = messages.map(renderMessage).join('\n');
  const empty = context.campaign
    ? `<p>No messages of campaign ${escapeHtml(context.campaign.id)} yet.</p>`
    : `<p>No messages${to ? ` for ${escapeHtml(to)}` : ''} yet.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox · Shopfront development</title><style>${STYLE}</style></head>
<body><h1>Development mailbox</h1>
<p class="meta">Messages the outbox email provider stored, newest first. JSON: <a href="/debug/mailbox.json">/debug/mailbox.json</a></p>
<form method="get" action="/debug/mailbox"><input type="email" name="to" aria-label="Filter by recipient" placeholder="Filter by recipient" value="${escapeHtml(to)}"><button type="submit">Filter</button></form>
${context.campaign ? renderCampaignSummary(context.campaign) : renderCampaignList(context.campaigns)}
${messages.length === 0 ? empty : items}
</body></html>
`;
}

function renderCampaignList(campaigns: MailboxCampaign[]): string {
  if (campaigns.length === 0) return '';
  const items = campaigns.map(
    (c) =>
      `<li><a href="/debug/mailbox?campaign=${escapeHtml(encodeURIComponent(c.campaignId))}">${escapeHtml(c.campaignId)}</a> · ${count(c.recipientCount, 'recipient')} · ${count(c.messageCount, 'message')}</li>`,
  );
  return `<nav aria-label="Campaigns"><h2>Campaigns</h2><ul>${items.join('')}</ul></nav>`;
}

function renderCampaignSummary(campaign: NonNullable<MailboxPageContext['campaign']>): string {
  const { summary } = campaign;
  const counts = summary
    ? `<p class="meta" data-recipients="${summary.recipientCount}">${count(summary.recipientCount, 'recipient')} · ${count(summary.messageCount, 'message')}${
        summary.messageCount > summary.recipientCount ? ` · <strong class="missing">${count(summary.messageCount - summary.recipientCount, 'duplicate')}</strong>` : ''
      }</p>`
    : '';
  return `<section aria-label="Campaign"><h2>Campaign ${escapeHtml(campaign.id)}</h2>${counts}<p class="meta"><a href="/debug/mailbox">All messages</a> · JSON: <a href="/debug/mailbox/campaigns/${escapeHtml(encodeURIComponent(campaign.id))}.json">campaign</a></p></section>`;
}

function renderHeaders(headers: CampaignHeaders): string {
  const rows = CAMPAIGN_HEADERS.map(
    (name) => `<dt>${name}</dt><dd>${headers[name] === null ? '<span class="missing">missing</span>' : escapeHtml(headers[name])}</dd>`,
  );
  return `<dl>${rows.join('')}</dl>`;
}

function renderAttachments(attachments: MailboxAttachment[]): string {
  if (attachments.length === 0) return '';
  const items = attachments.map(
    (file) => `<li><a href="${escapeHtml(file.url)}" download="${escapeHtml(file.filename)}">${escapeHtml(file.filename)}</a> · ${escapeHtml(file.contentType)} · ${count(file.size, 'byte')}</li>`,
  );
  return `<section aria-label="Attachments"><h3>Attachments</h3><ul>${items.join('')}</ul></section>`;
}

const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

function renderMessage(message: MailboxPageMessage): string {
  const htmlPath = messageHtmlPath(message.id);
  return `<article>
<h2>${escapeHtml(message.subject)}</h2>
<p class="meta">To ${escapeHtml(message.to)} · from ${escapeHtml(message.from)} · <time datetime="${escapeHtml(message.createdAt)}">${escapeHtml(message.createdAt)}</time></p>
${message.headers ? renderHeaders(message.headers) : ''}${renderAttachments(message.attachments ?? [])}<pre>${escapeHtml(message.text)}</pre>
<details><summary>HTML part</summary><p><a href="${escapeHtml(htmlPath)}" target="_blank" rel="noopener">Open the HTML part</a></p>
<iframe sandbox src="${escapeHtml(htmlPath)}" loading="lazy" title="${escapeHtml(message.subject)}"></iframe></details>
</article>`;
}
