// Exports the download pages (renderOrderAccessPage, renderDeliveryMessagePage): one module because they share
// the page shell and its style.
import { COMMERCE_MESSAGES, formatBytes } from '@shopfront/core';
import { escapeHtml } from '#src/providers/email/templates/escape-html.ts';
import type { OrderDelivery } from './find-delivery.ts';
import type { PurchaseFileLink } from './mint-purchase-file-links.ts';

// No script anywhere (CSP script-src 'self'); the style block is allowed by style-src 'unsafe-inline'.
const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f8fafc;color:#0f172a;font:17px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
main{max-width:560px;margin:0 auto;padding:24px 16px 48px}
.card{background:#fff;border-radius:16px;box-shadow:0 1px 2px rgba(15,23,42,.06);border:1px solid #e2e8f0;padding:20px;margin-top:16px}
.store{margin:0;color:#475569;font-size:15px;font-weight:600}
h1{margin:4px 0 0;font-size:26px;line-height:1.25}
.meta{margin:4px 0 0;color:#64748b;font-size:15px}
ul{list-style:none;margin:0;padding:0}
li{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:12px;padding:14px 0;border-top:1px solid #e2e8f0}
li:first-child{border-top:0;padding-top:0}
.name{font-weight:600;word-break:break-word}
.size{display:block;color:#64748b;font-size:14px;font-weight:400}
.button{display:inline-block;min-height:48px;padding:12px 20px;border-radius:12px;background:#4f46e5;color:#fff;text-decoration:none;font-weight:600;text-align:center}
.button:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}
.secondary{background:#fff;color:#4338ca;border:1px solid #c7d2fe}
.wide{display:block;width:100%}
.note{color:#475569;font-size:15px;margin:12px 0 0}
.notice{border-left:4px solid #f59e0b}
h2{margin:0 0 12px;font-size:19px}
.lead{margin:0 0 12px}
.flush{margin:0}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>
`;
}

export interface AccessPageInput {
  delivery: OrderDelivery;
  links: PurchaseFileLink[];
  membersUrl: string;
}

/** The receipt's order access page: the order and a fresh 15-minute link per file. */
export function renderOrderAccessPage({ delivery, links, membersUrl }: AccessPageInput): string {
  const { order, store, product } = delivery;
  const date = order.createdAt.toLocaleDateString('en', { dateStyle: 'long', timeZone: 'UTC' });
  const header = `<p class="store">${escapeHtml(store.name)}</p><h1>${escapeHtml(order.productTitle)}</h1>
<p class="meta">Purchased <time datetime="${order.createdAt.toISOString()}">${escapeHtml(date)}</time> · Order ${escapeHtml(order.id)}</p>`;
  const members = `<p class="note">Keep all your purchases in one place:</p>
<p><a class="button secondary wide" href="${escapeHtml(membersUrl)}" rel="noreferrer">Go to the ${escapeHtml(store.name)} members area</a></p>`;
  if (order.status !== 'paid') {
    return page(`${order.productTitle} · ${store.name}`, `${header}<section class="card notice" role="alert"><p>${escapeHtml(COMMERCE_MESSAGES.accessRevoked)}</p></section>`);
  }
  const files = links.length
    ? `<section class="card" aria-labelledby="files"><h2 id="files">Your files</h2><ul>${links
        .map(
          (link) => `<li><span class="name">${escapeHtml(link.name)}<span class="size">${escapeHtml(formatBytes(link.sizeBytes))}</span></span>
<a class="button" href="${escapeHtml(link.url)}" rel="noreferrer" download aria-label="Download ${escapeHtml(link.name)}">Download</a></li>`,
        )
        .join('')}</ul><p class="note">These download links work for 15 minutes. Reload this page for fresh ones.</p></section>`
    : '';
  const external = product.externalUrl
    ? `<section class="card"><p class="lead">Your purchase is available here:</p><a class="button wide" href="${escapeHtml(product.externalUrl)}" rel="noopener noreferrer">Open ${escapeHtml(order.productTitle)}</a></section>`
    : '';
  const nothing = !files && !external ? `<section class="card"><p class="flush">This product has no files to download.</p></section>` : '';
  return page(`${order.productTitle} · ${store.name}`, `${header}${files}${external}${nothing}<section class="card">${members}</section>`);
}

/** A page with one message: an expired, revoked or unknown link. */
export function renderDeliveryMessagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><section class="card notice" role="alert"><p class="flush">${escapeHtml(message)}</p></section>`);
}
