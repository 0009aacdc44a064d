import { MESSAGES, SIGNUP_STORE_ERROR_REDIRECT_MS, SIGNUP_SUCCESS_REDIRECT_MS, type User } from '@shopfront/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { useModeNavigate } from '#src/features/auth/hooks/use-mode-navigate.ts';
import { useRedirectAfter } from '#src/features/auth/hooks/use-redirect-after.ts';
import { SESSION_QUERY_KEY } from '#src/lib/session-query-key.ts';
import { Alert } from '#src/components/ui/alert.tsx';
import { CodeStep } from '#src/components/forms/code-entry.tsx';

/** After signUp the email is already verified: retrying needs no new code. */
export function RetryCreate({ error, onRetry, onResend, onChangeEmail }: { error: string | null; onRetry: () => Promise<void>; onResend: () => Promise<unknown>; onChangeEmail: () => void }) {
  const [pending, setPending] = useState(false);
  return (
    <CodeStep onResend={onResend} onChangeEmail={onChangeEmail}>
      {error ? <Alert>{error}</Alert> : null}
      <p className="text-sm text-slate-600">Your email is verified. We couldn&apos;t finish creating your account yet.</p>
      <Button
        className="w-full"
        disabled={pending}
        aria-busy={pending}
        onClick={async () => {
          setPending(true);
          try {
            await onRetry();
          } finally {
            setPending(false);
          }
        }}
      >
        {pending ? 'Trying again…' : 'Try again'}
      </Button>
    </CodeStep>
  );
}

export function CreatingAccount({ phase }: { phase: 'account' | 'store' }) {
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-6 text-center">
      <span aria-hidden="true" className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" />
      <p className="font-medium text-slate-800">{phase === 'account' ? 'Creating your account…' : 'Setting up your store…'}</p>
      <p className="text-sm text-slate-500">This only takes a moment. Please keep this page open.</p>
    </div>
  );
}

/**
 * Spec §2/§8/§9 success: to /dashboard after 2 s, or after 3 s with the "account created but store
 * setup had an issue" message. The session is put in the cache only on the way out, so the
 * signed-in guard of /signup does not skip this step.
 */
export function SignupSuccess({ user, storeIssue }: { user: User; storeIssue: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useModeNavigate();
  const go = () => {
    navigate('/dashboard', { replace: true });
    queryClient.setQueryData(SESSION_QUERY_KEY, user);
    // The store was created after signUp answered: read the user again (hasStore, storeId).
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  };
  useRedirectAfter(storeIssue ? SIGNUP_STORE_ERROR_REDIRECT_MS : SIGNUP_SUCCESS_REDIRECT_MS, go);

  return (
    <div className="space-y-5">
      {storeIssue ? (
        <Alert tone="warning" title="Store setup needs another try">
          {MESSAGES.screens.storeSetupFailed}
        </Alert>
      ) : (
        <Alert tone="success" title={`Welcome, ${user.firstName ?? user.email}!`}>
          Your account and store are ready.
        </Alert>
      )}
      <p role="status" className="flex items-center justify-center gap-2 text-sm text-slate-600">
        <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600" />
        Taking you to your dashboard…
      </p>
      <Button variant="secondary" className="w-full" onClick={go}>
        Go to dashboard now
      </Button>
    </div>
  );
}
