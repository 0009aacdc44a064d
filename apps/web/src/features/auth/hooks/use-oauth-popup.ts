import { AUTH_POPUP_SIZE, type AuthProviderId } from '@shopfront/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';

/** What the server's popup page posts to its opener when the provider answered. */
export const OAuthPopupMessageSchema = z.object({
  type: z.literal('shopfront-oauth'),
  status: z.enum(['signed-in', 'mfa-required', 'cancelled', 'error']),
  message: z.string().max(500).optional(),
  /** Only with `mfa-required`: the challenge for completeMfaSignIn. */
  mfaToken: z.string().max(200).optional(),
});
export type OAuthPopupMessage = z.infer<typeof OAuthPopupMessageSchema>;

export type OAuthFlow = 'popup' | 'redirect';
export type OAuthPopupState = { status: 'idle' } | { status: 'pending'; provider: AuthProviderId } | { status: 'cancelled' } | { status: 'error'; message?: string };

export const POPUP_CLOSED_POLL_MS = 500;

export function oauthStartUrl(provider: AuthProviderId, origin: string, flow: OAuthFlow): string {
  return `/auth/oauth/${encodeURIComponent(provider)}/start?${new URLSearchParams({ origin, mode: flow })}`;
}

function popupFeatures(): string {
  const { width, height } = AUTH_POPUP_SIZE;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

/**
 * Spec §4 "popup or redirect flows with a cancelled state": the provider opens in a 500×600 popup
 * (spec §9); only a message from our own origin counts, and a popup closed without one is a
 * cancellation. A blocked popup falls back to the redirect flow.
 */
export function useOAuthPopup(options: {
  onSignedIn: () => void;
  onMfaRequired: (mfaToken: string) => void;
  redirect: (url: string) => void;
  /** The popup closed without a word: the session is worth one more look before calling it cancelled. */
  onClosedWithoutAnswer?: () => void;
}) {
  const [state, setState] = useState<OAuthPopupState>({ status: 'idle' });
  const cleanup = useRef<() => void>(() => {});
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => () => cleanup.current(), []);

  const start = useCallback((provider: AuthProviderId, origin: string) => {
    cleanup.current();
    const popup = window.open(oauthStartUrl(provider, origin, 'popup'), 'shopfront-oauth', popupFeatures());
    if (!popup) {
      latest.current.redirect(oauthStartUrl(provider, origin, 'redirect'));
      return;
    }
    setState({ status: 'pending', provider });
    let answered = false;

    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const parsed = OAuthPopupMessageSchema.safeParse(event.data);
      if (!parsed.success) return;
      answered = true;
      stop();
      popup.close();
      const { status, mfaToken, message } = parsed.data;
      if (status === 'signed-in') {
        setState({ status: 'idle' });
        latest.current.onSignedIn();
      } else if (status === 'mfa-required' && mfaToken) {
        setState({ status: 'idle' });
        latest.current.onMfaRequired(mfaToken);
      } else if (status === 'cancelled') setState({ status: 'cancelled' });
      else setState({ status: 'error', message });
    };
    // One extra tick of grace: the popup may post its message and close itself in the same moment.
    let closedTicks = 0;
    const poll = setInterval(() => {
      if (!popup.closed || answered) return;
      closedTicks += 1;
      if (closedTicks < 2) return;
      stop();
      setState({ status: 'cancelled' });
      latest.current.onClosedWithoutAnswer?.();
    }, POPUP_CLOSED_POLL_MS);
    function stop() {
      clearInterval(poll);
      window.removeEventListener('message', onMessage);
      cleanup.current = () => {};
    }
    window.addEventListener('message', onMessage);
    cleanup.current = stop;
  }, []);

  return { state, start, reset: () => setState({ status: 'idle' }) };
}
