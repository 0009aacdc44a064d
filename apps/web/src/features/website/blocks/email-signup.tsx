import { SIGNUP_TIME_ZONE_SCRIPT, signupFormKey } from '@shopfront/core/signup-form';
import type { EmailSignupProps } from '../types.ts';
import type { BlockComponentProps } from './block-props.ts';

/** The fragments the subscribe route redirects back to: CSS `:target` shows the matching message. */
export const SIGNUP_FRAGMENT = { done: 'ws-signup-done-', failed: 'ws-signup-failed-' } as const;

/**
 * A plain HTML form (no JavaScript): the browser checks the address and the consent box, the
 * server subscribes the visitor to the store's audience and redirects back to this page with
 * `#ws-signup-done-{block}`, which reveals the thank-you line. Without an action (the editor)
 * the form is inert. `block` also names the form for automations started by a given form. The one
 * inline script (allowed by its hash in the website CSP) fills the hidden `timeZone` field with the
 * visitor's zone; without it the form posts no zone.
 */
export function EmailSignupBlock({ id, heading, text, buttonLabel, consentLabel, context }: BlockComponentProps<EmailSignupProps>) {
  const blockId = signupFormKey(id);
  const action = context.subscribeAction;
  const returnTo = context.currentSlug === undefined ? '' : context.currentSlug === 'home' ? context.basePath || '/' : `${context.basePath}/${context.currentSlug}`;
  return (
    <section className="ws-block ws-signup" aria-labelledby={`${blockId}-title`}>
      <h2 className="ws-heading" id={`${blockId}-title`}>
        {heading}
      </h2>
      {text ? <p className="ws-signup-text ws-multiline">{text}</p> : null}
      <form className="ws-signup-form" method="post" action={action}>
        <input type="hidden" name="storeId" value={context.store.id} />
        <input type="hidden" name="block" value={blockId} />
        <input type="hidden" name="returnTo" value={returnTo} />
        <input type="hidden" name="timeZone" value="" />
        <label className="ws-field">
          <span className="ws-field-label">Email address</span>
          <input type="email" name="email" required autoComplete="email" maxLength={254} inputMode="email" disabled={!action} />
        </label>
        <label className="ws-consent">
          <input type="checkbox" name="consent" value="true" required disabled={!action} />
          <span>{consentLabel}</span>
        </label>
        <button className="ws-button" data-style="primary" type="submit" disabled={!action}>
          {buttonLabel}
        </button>
      </form>
      {/* Only in the server-rendered page: React in a browser never runs a script it renders (and warns). */}
      {action && typeof window === 'undefined' ? <script dangerouslySetInnerHTML={{ __html: SIGNUP_TIME_ZONE_SCRIPT }} /> : null}
      <p className="ws-signup-done" id={`${SIGNUP_FRAGMENT.done}${blockId}`} role="status">
        Thanks! You&rsquo;re on the list.
      </p>
      <p className="ws-signup-failed" id={`${SIGNUP_FRAGMENT.failed}${blockId}`} role="alert">
        That didn&rsquo;t work. Check the address, tick the box and try again in a minute.
      </p>
    </section>
  );
}
