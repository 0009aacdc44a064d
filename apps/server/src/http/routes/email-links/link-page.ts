import { createHash } from 'node:crypto';
import { escapeHtml } from '#src/providers/email/templates/escape-html.ts';

/**
 * The shell of the pages an email's links open (unsubscribe, consent confirmation, invitation
 * refusal): no script, no external asset, one inline stylesheet allowed by its hash. One column
 * and a 48 px button on a phone; real forms and buttons for the keyboard.
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
button:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
a{color:#1f1d1a}
`;

export interface LinkPage {
  title: string;
  /** Shown above the title; plain text. */
  storeName?: string;
  /** Trusted HTML: the caller escapes every value it puts in. */
  bodyHtml: string;
}

export function renderLinkPage(page: LinkPage): { html: string; csp: string } {
  const store = page.storeName === undefined ? '' : `<p class="store">${escapeHtml(page.storeName)}</p>`;
  return renderLinkDocument({ title: page.title, cardHtml: `${store}<h1>${escapeHtml(page.title)}</h1>${page.bodyHtml}` });
}

/** The shell around a card of trusted HTML (`extraStyle` joins the stylesheet and its hash). */
export function renderLinkDocument(options: { title: string; cardHtml: string; extraStyle?: string }): { html: string; csp: string } {
  const style = STYLE + (options.extraStyle ?? '');
  const hash = createHash('sha256').update(style, 'utf8').digest('base64');
  const csp = ["default-src 'none'", `style-src 'sha256-${hash}'`, "form-action 'self'", "base-uri 'none'", "frame-ancestors 'none'"].join('; ');
  const html = [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(options.title)}</title>`,
    `<style>${style}</style></head><body>`,
    `<main><div class="card">${options.cardHtml}</div></main></body></html>`,
  ].join('\n');
  return { html, csp };
}

/** Headers every such page is sent with. */
export const LINK_PAGE_HEADERS = Object.freeze({
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex',
});
