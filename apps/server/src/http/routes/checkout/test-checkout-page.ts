import { createHash } from 'node:crypto';
import { escapeHtml } from '#src/providers/email/templates/escape-html.ts';

/**
 * The built-in test provider's card page, server-rendered with no external assets.
 * Its one stylesheet is inline and allowed by hash in the page's own strict CSP.
 */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f4f4f5;color:#18181b;line-height:1.5}
.banner{background:#fde047;color:#422006;font-weight:700;text-align:center;padding:10px 16px;letter-spacing:.02em}
main{max-width:440px;margin:0 auto;padding:24px 16px 48px}
.card{background:#fff;border:1px solid #e4e4e7;border-radius:12px;padding:20px}
h1{font-size:1.25rem;margin:0 0 4px}
.store{color:#52525b;margin:0 0 16px;font-size:.95rem}
.amount{font-size:1.75rem;font-weight:700;margin:0 0 20px}
label{display:block;font-weight:600;font-size:.9rem;margin:12px 0 4px}
input{width:100%;font:inherit;padding:10px 12px;border:1px solid #a1a1aa;border-radius:8px;background:#fff;color:inherit}
input:focus{outline:3px solid #2563eb;outline-offset:1px;border-color:#2563eb}
.row{display:flex;gap:12px}.row>div{flex:1}
button{margin-top:20px;width:100%;font:inherit;font-weight:700;padding:12px;border:0;border-radius:8px;background:#18181b;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.error{background:#fef2f2;border:1px solid #fecaca;color:#991b1b;border-radius:8px;padding:10px 12px;margin:0 0 12px}
.hint{font-size:.85rem;color:#52525b;margin-top:16px}
code{font-family:ui-monospace,Menlo,Consolas,monospace}
a{color:#1d4ed8}
`;

const STYLE_HASH = createHash('sha256').update(STYLE, 'utf8').digest('base64');

/** Only this page's own stylesheet, and forms posted back to us. */
export const TEST_CHECKOUT_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${STYLE_HASH}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

function page(title: string, body: string): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}</style></head><body>`,
    '<div class="banner" role="note">TEST MODE — no real money moves</div>',
    `<main>${body}</main></body></html>`,
  ].join('\n');
}

export interface TestCheckoutView {
  storeName: string;
  productTitle: string;
  amountText: string;
  /** The form posts here (the page's own path). */
  action: string;
  cancelUrl: string;
  error?: string | undefined;
  /** Kept on a re-render; card details never are. */
  cardName?: string | undefined;
}

export function renderTestCheckoutPage(view: TestCheckoutView): string {
  const error = view.error ? `<p class="error" role="alert" id="pay-error">${escapeHtml(view.error)}</p>` : '';
  const described = view.error ? ' aria-describedby="pay-error" aria-invalid="true"' : '';
  return page(
    `Pay ${view.amountText} — test mode`,
    `<div class="card">
<h1>${escapeHtml(view.productTitle)}</h1>
<p class="store">${escapeHtml(view.storeName)}</p>
<p class="amount">${escapeHtml(view.amountText)}</p>
${error}<form method="post" action="${escapeHtml(view.action)}" novalidate>
<label for="card-number">Card number</label>
<input id="card-number" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" maxlength="23" required${described}${view.error ? ' autofocus' : ''}>
<div class="row">
<div><label for="card-expiry">Expiry (MM/YY)</label>
<input id="card-expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="12/34" maxlength="7" required></div>
<div><label for="card-cvc">CVC</label>
<input id="card-cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" required></div>
</div>
<label for="card-name">Name on card</label>
<input id="card-name" name="cardName" autocomplete="cc-name" maxlength="100" value="${escapeHtml(view.cardName ?? '')}">
<button type="submit">Pay ${escapeHtml(view.amountText)}</button>
</form>
<p class="hint">Test cards: <code>4242 4242 4242 4242</code> pays, <code>4000 0000 0000 0002</code> is declined. Any future expiry and any CVC.</p>
<p class="hint"><a href="${escapeHtml(view.cancelUrl)}">Cancel and go back</a></p>
</div>`,
  );
}

/** Unknown, expired or disabled: the same page, so checkout ids cannot be probed. */
export function renderTestCheckoutMessage(title: string, message: string): string {
  return page(title, `<div class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></div>`);
}
