import { createHash } from 'node:crypto';
import { buyerPageStyle } from '#src/domain/delivery/buyer-page-style.ts';
import { escapeHtml } from '#src/providers/email/templates/escape-html.ts';
import type { TestCheckoutDocument } from '#src/http/routes/checkout/test-checkout-page.ts';

/** The platform's look for the test provider's billing pages (no store: the default theme). */
export const PLATFORM_PAGE_THEME = { name: 'Shopfront', theme: 'mocha-mood', themeOverrides: null } as const;

const EXTRA_STYLE = `
.portal dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:16px 0}
.portal dt{color:var(--muted)}
.portal form{margin-top:12px}
.receipt table{width:100%;border-collapse:collapse;margin:16px 0}
.receipt td,.receipt th{padding:8px 0;border-bottom:1px solid rgba(0,0,0,.1);text-align:left}
.receipt td:last-child,.receipt th:last-child{text-align:right}`;

function document(title: string, body: string): TestCheckoutDocument {
  const style = `${buyerPageStyle(PLATFORM_PAGE_THEME)}\n${EXTRA_STYLE}`;
  const hash = createHash('sha256').update(style, 'utf8').digest('base64');
  const html = [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${style}</style></head><body>`,
    '<div class="banner" role="note">TEST MODE — no real money moves</div>',
    `<main>${body}</main></body></html>`,
  ].join('\n');
  const csp = ["default-src 'none'", `style-src 'sha256-${hash}'`, "form-action 'self'", "base-uri 'none'", "frame-ancestors 'none'"].join('; ');
  return { html, csp };
}

export interface TestPortalView {
  planName: string;
  intervalText: string;
  priceText: string;
  statusText: string;
  periodEndText: string | null;
  graceText: string | null;
  returnUrl: string;
}

/**
 * The test provider's "customer portal": what Stripe's portal offers for a subscription (cancel),
 * plus a way to try the failed-payment path (a renewal that fails, then one that succeeds).
 */
export function renderTestPortalPage(view: TestPortalView): TestCheckoutDocument {
  return document(
    'Manage subscription — test mode',
    `<div class="card portal">
<h1>Manage subscription</h1>
<dl>
<dt>Plan</dt><dd>${escapeHtml(view.planName)}</dd>
<dt>Billing</dt><dd>${escapeHtml(view.priceText)} / ${escapeHtml(view.intervalText)}</dd>
<dt>Status</dt><dd>${escapeHtml(view.statusText)}</dd>
${view.periodEndText ? `<dt>Renews</dt><dd>${escapeHtml(view.periodEndText)}</dd>` : ''}
${view.graceText ? `<dt>Grace period</dt><dd>${escapeHtml(view.graceText)}</dd>` : ''}
</dl>
<form method="post"><input type="hidden" name="action" value="fail-renewal"><button class="secondary" type="submit">Simulate a failed renewal payment</button></form>
<form method="post"><input type="hidden" name="action" value="pay-renewal"><button class="secondary" type="submit">Simulate a successful renewal payment</button></form>
<form method="post"><input type="hidden" name="action" value="cancel"><button type="submit">Cancel subscription now</button></form>
<p class="hint"><a class="text-link" href="${escapeHtml(view.returnUrl)}">Back to billing</a></p>
</div>`,
  );
}

export function renderTestPortalMessage(title: string, message: string, returnUrl: string): TestCheckoutDocument {
  return document(
    title,
    `<div class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p class="hint"><a class="text-link" href="${escapeHtml(returnUrl)}">Back to billing</a></p></div>`,
  );
}

export interface TestInvoiceView {
  number: string;
  dateText: string;
  email: string;
  description: string;
  amountText: string;
  statusText: string;
}

/** A downloadable receipt for one test invoice (plain HTML: prints and saves as it is). */
export function renderTestInvoice(view: TestInvoiceView): TestCheckoutDocument {
  return document(
    `Invoice ${view.number}`,
    `<div class="card receipt">
<h1>Invoice ${escapeHtml(view.number)}</h1>
<p>Shopfront (test mode) · ${escapeHtml(view.dateText)}</p>
<p>Billed to ${escapeHtml(view.email)}</p>
<table><thead><tr><th>Description</th><th>Amount</th></tr></thead>
<tbody><tr><td>${escapeHtml(view.description)}</td><td>${escapeHtml(view.amountText)}</td></tr></tbody></table>
<p class="amount">Total: ${escapeHtml(view.amountText)} · ${escapeHtml(view.statusText)}</p>
</div>`,
  );
}
