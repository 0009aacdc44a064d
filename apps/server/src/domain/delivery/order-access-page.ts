// Exports the download pages (renderOrderAccessPage, renderDeliveryMessagePage): one module because they share
// the page shell and its style.
import { COMMERCE_MESSAGES, formatBytes, orderWording, PAYMENT_PLAN_MESSAGES } from '@shopfront/core';
import { escapeHtml } from '#src/providers/email/templates/escape-html.ts';
import { buyerPageStyle, type BuyerPageTheme } from './buyer-page-style.ts';
import type { OrderDelivery } from './find-delivery.ts';
import type { PurchaseFileLink } from './mint-purchase-file-links.ts';

// No script anywhere (CSP script-src 'self'); the style block is allowed by style-src 'unsafe-inline'.
// The shared buyer page style carries the store's theme; these rules read only its custom properties.
const PAGE_STYLE = `
body{font-size:17px}
main{max-width:560px;margin:0 auto;padding:24px 16px 48px}
.card{padding:20px;margin-top:16px}
.store{margin:0;color:var(--muted);font-size:15px;font-weight:600}
h1{margin:4px 0 0;font-size:26px;line-height:1.25}
.meta{margin:4px 0 0;color:var(--muted);font-size:15px}
ul{list-style:none;margin:0;padding:0}
li{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:12px;padding:14px 0;border-top:1px solid var(--card-border)}
li:first-child{border-top:0;padding-top:0}
.name{font-weight:600;word-break:break-word}
.size{display:block;color:var(--muted);font-size:14px;font-weight:400}
.limit{color:var(--muted);font-size:14px;font-weight:600;white-space:nowrap}
.wide{display:flex;width:100%}
.note{color:var(--muted);font-size:15px;margin:12px 0 0}
.notice{border-left:4px solid var(--error)}
h2{margin:0 0 12px;font-size:19px}
.lead{margin:0 0 12px}
.flush{margin:0}`;

function page(store: BuyerPageTheme | null, title: string, body: string): string {
  const style = `${buyerPageStyle(store)}\n${PAGE_STYLE}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${style}</style></head>
<body><main>${body}</main></body></html>
`;
}

export interface AccessPageInput {
  delivery: OrderDelivery;
  links: PurchaseFileLink[];
  membersUrl: string;
  /** A payment plan with an overdue payment (decision 047): the files are withheld, the card update offered. */
  planLocked?: boolean;
}

/** The receipt's order access page: the order and a fresh 15-minute link per file. */
export function renderOrderAccessPage({ delivery, links, membersUrl, planLocked = false }: AccessPageInput): string {
  const { order, store, product } = delivery;
  const date = order.createdAt.toLocaleDateString('en', { dateStyle: 'long', timeZone: 'UTC' });
  const wording = orderWording({ amountCents: order.amountCents, productType: product.type });
  const header = `<header class="card"><p class="store">${escapeHtml(store.name)}</p><h1>${escapeHtml(order.productTitle)}</h1>
<p class="meta">${wording.dateLabel} <time datetime="${order.createdAt.toISOString()}">${escapeHtml(date)}</time> · Order ${escapeHtml(order.id)}</p></header>`;
  const members = `<p class="note">${escapeHtml(wording.keepTogether)}</p>
<p><a class="button secondary wide" href="${escapeHtml(membersUrl)}" rel="noreferrer">Go to the ${escapeHtml(store.name)} members area</a></p>`;
  if (order.status !== 'paid') {
    return page(store, `${order.productTitle} · ${store.name}`, `${header}<section class="card notice" role="alert"><p>${escapeHtml(COMMERCE_MESSAGES.accessRevoked)}</p></section>`);
  }
  if (planLocked) {
    const lock = `<section class="card notice" role="alert"><p class="lead">${escapeHtml(PAYMENT_PLAN_MESSAGES.downloadLocked)}.</p>
<a class="button wide" href="${escapeHtml(membersUrl)}" rel="noreferrer">Update your card</a></section>`;
    return page(store, `${order.productTitle} · ${store.name}`, `${header}${lock}`);
  }
  const files = links.length
    ? `<section class="card" aria-labelledby="files"><h2 id="files">Your files</h2><ul>${links
        .map((link) => {
          const left = delivery.files.find((file) => file.id === link.id)?.downloadsLeft ?? null;
          const size = escapeHtml(formatBytes(link.sizeBytes)) + (left === null ? '' : ` · ${downloadsLeftText(left)}`);
          const action =
            left === 0
              ? `<span class="limit">Limit reached</span>`
              : `<a class="button" href="${escapeHtml(link.url)}" rel="noreferrer" download aria-label="Download ${escapeHtml(link.name)}">Download</a>`;
          return `<li><span class="name">${escapeHtml(link.name)}<span class="size">${size}</span></span>
${action}</li>`;
        })
        .join('')}</ul><p class="note">These download links work for 15 minutes. Reload this page for fresh ones.</p></section>`
    : '';
  const external = product.externalUrl
    ? `<section class="card"><p class="lead">Your purchase is available here:</p><a class="button wide" href="${escapeHtml(product.externalUrl)}" rel="noopener noreferrer">Open ${escapeHtml(order.productTitle)}</a></section>`
    : '';
  const nothing = !files && !external ? `<section class="card"><p class="flush">This product has no files to download.</p></section>` : '';
  return page(store, `${order.productTitle} · ${store.name}`, `${header}${files}${external}${nothing}<section class="card">${members}</section>`);
}

/** A page with one message: an expired, revoked or unknown link; in the store's theme when the store is known. */
export function renderDeliveryMessagePage(title: string, message: string, store: BuyerPageTheme | null = null): string {
  return page(store, title, `<section class="card notice" role="alert"><h1>${escapeHtml(title)}</h1><p class="flush">${escapeHtml(message)}</p></section>`);
}

function downloadsLeftText(left: number): string {
  return left === 1 ? '1 download left' : `${left} downloads left`;
}
