import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ORIGIN_PARAM } from '#src/lib/login-path.ts';

export type LoginNotice = { tone: 'info' | 'error'; text: string } | null;

export const OAUTH_CANCELLED_TEXT = 'Sign-in was cancelled';
const OAUTH_FAILED_TEXT = 'We could not sign you in with that provider. Please try again.';
const MAX_MESSAGE_LENGTH = 300;

/**
 * What the server's OAuth routes hand back in the query string: `?oauth=cancelled`,
 * `?oauth=error&message=…` or `?mfa=<token>`. Read once, then removed from the address bar (a
 * token should not stay in the history); only `origin` is kept.
 */
export function useLoginParams(): { notice: LoginNotice; mfaToken: string | null } {
  const location = useLocation();
  const navigate = useNavigate();
  const [initial] = useState(() => readParams(location.search));

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has('oauth') && !params.has('mfa') && !params.has('message')) return;
    const origin = params.get(ORIGIN_PARAM);
    const kept = origin ? `?${new URLSearchParams({ [ORIGIN_PARAM]: origin })}` : '';
    void navigate({ pathname: location.pathname, search: kept }, { replace: true });
  }, [location.pathname, location.search, navigate]);

  return initial;
}

function readParams(search: string): { notice: LoginNotice; mfaToken: string | null } {
  const params = new URLSearchParams(search);
  const oauth = params.get('oauth');
  const message = params.get('message')?.slice(0, MAX_MESSAGE_LENGTH).trim();
  const notice: LoginNotice =
    oauth === 'cancelled' ? { tone: 'info', text: OAUTH_CANCELLED_TEXT } : oauth === 'error' ? { tone: 'error', text: message || OAUTH_FAILED_TEXT } : null;
  const mfaToken = params.get('mfa');
  return { notice, mfaToken: mfaToken && mfaToken.length <= 200 ? mfaToken : null };
}
