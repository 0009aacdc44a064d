/**
 * The website's EmailSignup form, shared by the page renderer, the subscribe route and automation
 * triggers. Zod-free: the website's server-rendered blocks import it.
 */

/** A signup form's key: its block's id, cleaned for use in an HTML id (the form posts it as `block`). */
export const SIGNUP_FORM_KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The block id as the form posts it: letters, digits, `_` and `-` only, at most 64; `fallback` when nothing is left. */
export function signupFormKey(blockId: string | undefined, fallback = 'signup'): string {
  const cleaned = (blockId ?? '').replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64);
  return cleaned || fallback;
}

/**
 * The one script a website page may run (its CSP allows exactly this text by its hash): it puts the
 * visitor's IANA time zone in every signup form's hidden `timeZone` field. Rendered only inside a
 * signup form block, so a page without a form carries none of it; without it the form still works
 * and the contact simply has no zone.
 */
export const SIGNUP_TIME_ZONE_SCRIPT =
  "try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;document.querySelectorAll('input[name=timeZone]').forEach(function(i){i.value=z})}catch(e){}";
