import type { MyMembershipRequest } from '@shopfront/core';

/** What each request waits for, in the member's words. */
export const WAITING_TEXT: Record<MyMembershipRequest, string> = {
  cancel: 'Waiting for Stripe to confirm your cancellation…',
  resume: 'Waiting for Stripe to confirm your membership continues…',
  pause: 'Waiting for Stripe to confirm the pause…',
  unpause: 'Waiting for Stripe to confirm you are back…',
  change_tier: 'Waiting for Stripe to confirm your new tier…',
};

/**
 * A Stripe membership's request that is sent but not yet confirmed: the state on the card is still
 * the old one until Stripe's webhook arrives, and the list refreshes by itself until then.
 */
export function PendingRequestNotice({ type }: { type: MyMembershipRequest }) {
  return (
    <div className="mt-3 flex items-start gap-3 rounded-lg bg-sky-50 p-3 text-sm text-sky-900 ring-1 ring-sky-200" role="status">
      <span aria-hidden="true" className="mt-0.5 size-4 shrink-0 animate-spin rounded-full border-2 border-sky-300 border-t-sky-700" />
      <div>
        <p className="font-semibold">{WAITING_TEXT[type]}</p>
        <p>Your request was sent. This page updates by itself when Stripe confirms it.</p>
      </div>
    </div>
  );
}
