import { COMMERCE_MESSAGES } from '@shopfront/core';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { Alert } from '#src/components/ui/alert.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useCompleteStripeConnect } from '../api/payments-api.ts';

const SETTINGS_PATH = '/dashboard/settings';

/**
 * Where Stripe sends the creator back (`?code&state`, or `?error&error_description`). It finishes
 * the connection once (a re-render or StrictMode must not spend the single-use state twice).
 */
export function StripeCallback() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const stripeError = params.get('error');
  const complete = useCompleteStripeConnect();
  const started = useRef(false);
  const canComplete = !stripeError && !!code && !!state;

  useEffect(() => {
    if (!canComplete || started.current) return;
    started.current = true;
    complete.mutate({ code: code!, state: state! });
  }, [canComplete, code, state, complete]);

  const back = (
    <Link to={`${SETTINGS_PATH}#payments`} className={buttonClasses('secondary')}>
      Back to Settings
    </Link>
  );

  if (stripeError) {
    const cancelled = stripeError === 'access_denied';
    return (
      <div className="space-y-4">
        <Alert tone={cancelled ? 'warning' : 'error'} title={cancelled ? 'Stripe connection cancelled' : 'Stripe could not connect'}>
          {cancelled ? 'You did not connect a Stripe account. You can try again from Settings.' : (params.get('error_description') ?? stripeError)}
        </Alert>
        {back}
      </div>
    );
  }
  if (!canComplete) {
    return (
      <div className="space-y-4">
        <Alert title="Stripe could not connect">{COMMERCE_MESSAGES.stripeStateInvalid}</Alert>
        {back}
      </div>
    );
  }
  if (complete.isError) {
    return (
      <div className="space-y-4">
        <Alert title="Stripe could not connect">{errorMessage(complete.error)}</Alert>
        {back}
      </div>
    );
  }
  if (complete.isSuccess) {
    return (
      <div className="space-y-4">
        <Alert tone="success" title="Stripe connected">
          Your store now takes payments through Stripe account <code className="font-mono">{complete.data.accountId}</code>.
        </Alert>
        <Link to={`${SETTINGS_PATH}#payments`} className={buttonClasses('primary')}>
          Back to Settings
        </Link>
      </div>
    );
  }
  return (
    <div className="py-8" aria-live="polite">
      <Spinner label="Connecting your Stripe account" />
      <p className="mt-3 text-center text-sm text-slate-600">Connecting your Stripe account…</p>
    </div>
  );
}
