import { createHash } from 'node:crypto';
import { TEST_CARD_HINTS, type CardField, type CardFieldErrors, type CardFormInput } from '@shopfront/core';
import { buyerPageStyle, type BuyerPageTheme } from '#src/domain/delivery/buyer-page-style.ts';
import { escapeHtml } from '#src/providers/email/templates/escape-html.ts';

/**
 * The built-in test provider's pages, server-rendered with no external assets and no script, in
 * the store's theme (the same palette as its storefront). Each page's one inline stylesheet is
 * per store, so each response carries its own strict CSP allowing that stylesheet by hash.
 */
const PAGE_STYLE = `
.banner{background:#fde047;color:#422006;font-weight:700;text-align:center;padding:10px 16px;letter-spacing:.02em;font-family:system-ui,sans-serif}
main{max-width:460px;margin:0 auto;padding:24px 16px 48px}
h1{font-size:1.3rem;margin:0 0 4px;line-height:1.3}
.product-store{color:var(--muted);margin:0 0 12px;font-size:.95rem}
.amount{font-size:1.75rem;font-weight:700;margin:0 0 16px}
label{display:block;font-weight:600;font-size:.95rem;margin:14px 0 4px}
input{width:100%;min-height:48px;font:inherit;padding:10px 12px;border:1px solid var(--input-border);background:var(--input-bg);color:var(--input-text)}
input:focus{outline:3px solid var(--text);outline-offset:1px}
input[aria-invalid=true]{border:2px solid var(--error-input)}
.row{display:flex;gap:12px}.row>div{flex:1;min-width:0}
.field-error{color:var(--error);font-size:.9rem;font-weight:600;margin:4px 0 0}
.pay{margin-top:20px;width:100%}
.summary{border:2px solid var(--error);border-radius:8px;padding:10px 14px;margin:0 0 12px}
.summary:focus{outline:3px solid var(--text);outline-offset:2px}
.summary h2{font-size:1rem;margin:0 0 4px;color:var(--error);text-transform:none;letter-spacing:0}
.summary ul{margin:0;padding:0;list-style:none}
.summary a{color:var(--error);font-weight:600;display:flex;align-items:center;min-height:44px;padding:4px 0}
.summary p{margin:0;color:var(--error);font-weight:600}
.hint{font-size:.9rem;color:var(--muted);margin:16px 0 0}
.hint p{margin:0}.hint ul{margin:6px 0 0;padding-left:18px}
code{font-family:ui-monospace,Menlo,Consolas,monospace;color:var(--text)}
.actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:20px}.actions button{flex:1 1 160px}
`;

export interface TestCheckoutDocument {
  html: string;
  /** This page's CSP: nothing but its own stylesheet, and forms posted back to us. */
  csp: string;
}

export type TestCheckoutStore = BuyerPageTheme & { name: string };

function testCheckoutCsp(style: string): string {
  const hash = createHash('sha256').update(style, 'utf8').digest('base64');
  return ["default-src 'none'", `style-src 'sha256-${hash}'`, "form-action 'self'", "base-uri 'none'", "frame-ancestors 'none'"].join('; ');
}

function page(store: TestCheckoutStore | null, title: string, body: string): TestCheckoutDocument {
  const style = `${buyerPageStyle(store)}\n${PAGE_STYLE}`;
  const html = [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${style}</style></head><body>`,
    '<div class="banner" role="note">TEST MODE — no real money moves</div>',
    store ? `<header class="store-bar"><p class="store-name">${escapeHtml(store.name)}</p></header>` : '',
    `<main>${body}</main></body></html>`,
  ].join('\n');
  return { html, csp: testCheckoutCsp(style) };
}

interface CheckoutSummary {
  store: TestCheckoutStore;
  productTitle: string;
  amountText: string;
  /** The order lines when there are several (the product and the order bump); amountText is their total. */
  lines?: readonly { title: string; amountText: string }[] | undefined;
  /** Forms post here (the page's own path). */
  action: string;
}

export interface TestCheckoutView extends CheckoutSummary {
  cancelUrl: string;
  /** A refusal for the whole card (a decline), shown above the form. */
  formError?: string | undefined;
  /** Each field's own error, shown next to it and listed above the form. */
  fieldErrors?: CardFieldErrors | undefined;
  /** What the buyer typed, kept on a re-render; the CVC never is. */
  values?: Partial<Omit<CardFormInput, 'cvc'>> | undefined;
}

interface FieldSpec {
  name: CardField;
  id: string;
  label: string;
  attributes: string;
}

const FIELDS: Record<CardField, FieldSpec> = {
  cardNumber: {
    name: 'cardNumber',
    id: 'card-number',
    label: 'Card number',
    attributes: 'inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" maxlength="23"',
  },
  expiry: { name: 'expiry', id: 'card-expiry', label: 'Expiry (MM/YY)', attributes: 'inputmode="numeric" autocomplete="cc-exp" placeholder="12/34" maxlength="7"' },
  cvc: { name: 'cvc', id: 'card-cvc', label: 'CVC', attributes: 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4"' },
  cardName: { name: 'cardName', id: 'card-name', label: 'Name on card', attributes: 'autocomplete="cc-name" maxlength="100"' },
};

const FIELD_ORDER: CardField[] = ['cardNumber', 'expiry', 'cvc', 'cardName'];

function field(spec: FieldSpec, view: TestCheckoutView, focus: CardField | null): string {
  const error = view.fieldErrors?.[spec.name];
  const errorId = `${spec.id}-error`;
  const describedBy = error ? errorId : view.formError && spec.name === 'cardNumber' ? 'pay-error' : '';
  const value = spec.name === 'cvc' ? '' : (view.values?.[spec.name] ?? '');
  const attributes = [
    `id="${spec.id}"`,
    `name="${spec.name}"`,
    spec.attributes,
    'required',
    value ? `value="${escapeHtml(value)}"` : '',
    error ? 'aria-invalid="true"' : '',
    describedBy ? `aria-describedby="${describedBy}"` : '',
    focus === spec.name ? 'autofocus' : '',
  ].filter(Boolean);
  return `<label for="${spec.id}">${spec.label}</label>
<input ${attributes.join(' ')}>${error ? `\n<p class="field-error" id="${errorId}">${escapeHtml(error)}</p>` : ''}`;
}

function summary(view: TestCheckoutView): string {
  const errors = FIELD_ORDER.filter((name) => view.fieldErrors?.[name]);
  if (!view.formError && !errors.length) return '';
  const decline = view.formError ? `<p id="pay-error">${escapeHtml(view.formError)}</p>` : '';
  // Each listed error links to its field, in the form's order.
  const list = errors.length
    ? `<h2>Please check your card details</h2><ul>${errors
        .map((name) => `<li><a href="#${FIELDS[name].id}">${escapeHtml(view.fieldErrors?.[name] ?? '')}</a></li>`)
        .join('')}</ul>`
    : '';
  return `<div class="summary" role="alert">${decline}${list}</div>\n`;
}

function header({ productTitle, store, amountText, lines = [] }: CheckoutSummary): string {
  const items = lines.length
    ? `<ul class="lines">${lines.map((line) => `<li>${escapeHtml(line.title)}: ${escapeHtml(line.amountText)}</li>`).join('')}</ul>\n`
    : '';
  return `<h1>${escapeHtml(productTitle)}</h1>
<p class="product-store">${escapeHtml(store.name)}</p>
${items}<p class="amount">${lines.length ? 'Total: ' : ''}${escapeHtml(amountText)}</p>`;
}

export function renderTestCheckoutPage(view: TestCheckoutView): TestCheckoutDocument {
  // Without script, `autofocus` is how focus lands on the first field to fix (or the number after a decline).
  const focus = FIELD_ORDER.find((name) => view.fieldErrors?.[name]) ?? (view.formError ? 'cardNumber' : null);
  const hints = TEST_CARD_HINTS.map((card) => `<li><code>${card.number}</code> ${escapeHtml(card.result)}</li>`).join('');
  return page(
    view.store,
    `Pay ${view.amountText} — test mode`,
    `<div class="card">
${header(view)}
${summary(view)}<form method="post" action="${escapeHtml(view.action)}" novalidate>
${field(FIELDS.cardNumber, view, focus)}
<div class="row">
<div>${field(FIELDS.expiry, view, focus)}</div>
<div>${field(FIELDS.cvc, view, focus)}</div>
</div>
${field(FIELDS.cardName, view, focus)}
<button class="pay" type="submit">Pay ${escapeHtml(view.amountText)}</button>
</form>
<div class="hint"><p>Test cards (any future expiry, any 3-digit CVC, 4 digits for American Express; any other number is declined):</p><ul>${hints}</ul></div>
<p class="hint"><a class="text-link" href="${escapeHtml(view.cancelUrl)}">Cancel and go back</a></p>
</div>`,
  );
}

export interface TestAuthenticationView extends CheckoutSummary {
  /** The card form as posted, carried to the answer so the server checks it again. */
  card: CardFormInput;
}

/** Like Stripe's 3D Secure test page: the buyer completes or fails the authentication. */
export function renderTestAuthenticationPage(view: TestAuthenticationView): TestCheckoutDocument {
  const hidden = FIELD_ORDER.map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(view.card[name])}">`).join('\n');
  return page(
    view.store,
    'Complete authentication — test mode',
    `<div class="card">
<h1>Complete authentication</h1>
<p class="product-store">${escapeHtml(view.store.name)} · ${escapeHtml(view.productTitle)}</p>
<p class="amount">${escapeHtml(view.amountText)}</p>
<p>Your bank asks you to confirm this payment. This is a test of 3D Secure authentication: choose how it ends.</p>
<form method="post" action="${escapeHtml(view.action)}">
${hidden}
<div class="actions">
<button type="submit" name="authentication" value="complete" autofocus>Complete</button>
<button class="secondary" type="submit" name="authentication" value="fail">Fail</button>
</div>
</form>
</div>`,
  );
}

/** Unknown, expired or disabled: the same page, so checkout ids cannot be probed. */
export function renderTestCheckoutMessage(title: string, message: string): TestCheckoutDocument {
  return page(null, title, `<div class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></div>`);
}
