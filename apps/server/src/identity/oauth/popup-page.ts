import { createHash } from 'node:crypto';

/**
 * The page a popup sign-in ends on: it tells the opener how it went with
 * `postMessage({type: 'shopfront-oauth', status, …}, PUBLIC_URL origin)` and closes. Its one
 * inline script is constant (the result travels in a JSON data block), so the page's CSP allows
 * exactly that script by hash (SECURITY: no inline script except hashed bootstraps).
 */
export const POPUP_MESSAGE_TYPE = 'shopfront-oauth';
export const POPUP_STATUSES = ['signed-in', 'mfa-required', 'cancelled', 'error'] as const;
export type PopupStatus = (typeof POPUP_STATUSES)[number];

export interface PopupMessage {
  type: typeof POPUP_MESSAGE_TYPE;
  status: PopupStatus;
  message?: string;
  /** Only with `mfa-required`: the challenge token for completeMfaSignIn. */
  mfaToken?: string;
}

const RESULT_ELEMENT_ID = 'shopfront-oauth-result';

// Without an opener (the popup was opened as a tab, or the opener is gone) it navigates itself.
export const POPUP_SCRIPT = `(function () {
  var data = JSON.parse(document.getElementById('${RESULT_ELEMENT_ID}').textContent);
  var opener = null;
  try { opener = window.opener; } catch (e) { opener = null; }
  if (opener && !opener.closed) {
    opener.postMessage(data.message, data.targetOrigin);
    window.close();
  } else {
    window.location.replace(data.fallbackUrl);
  }
})();`;

export const POPUP_SCRIPT_HASH = `sha256-${createHash('sha256').update(POPUP_SCRIPT, 'utf8').digest('base64')}`;

export const POPUP_CSP = [
  "default-src 'none'",
  `script-src '${POPUP_SCRIPT_HASH}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

const HEADLINES: Record<PopupStatus, string> = {
  'signed-in': 'You are signed in. You can close this window.',
  'mfa-required': 'One more step: enter your authentication code in the main window.',
  cancelled: 'Sign-in was cancelled. You can close this window.',
  error: 'Sign-in did not complete. You can close this window.',
};

export function renderPopupPage(options: { message: PopupMessage; targetOrigin: string; fallbackUrl: string }): string {
  const data = jsonForScriptBlock({ message: options.message, targetOrigin: options.targetOrigin, fallbackUrl: options.fallbackUrl });
  const detail = options.message.message ? `<p>${escapeHtml(options.message.message)}</p>` : '';
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Shopfront sign-in</title></head><body>',
    `<p>${HEADLINES[options.message.status]}</p>${detail}`,
    `<script type="application/json" id="${RESULT_ELEMENT_ID}">${data}</script>`,
    `<script>${POPUP_SCRIPT}</script>`,
    '</body></html>',
  ].join('\n');
}

/** JSON that cannot close its <script> element or open a comment. */
function jsonForScriptBlock(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
