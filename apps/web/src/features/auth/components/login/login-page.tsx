import type { AuthProviderId, LoginForm, User } from '@shopfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { ModeLink } from '#src/lib/mode-navigation.tsx';
import { callFunction } from '#src/lib/call-function.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { useOAuthPopup } from '#src/features/auth/hooks/use-oauth-popup.ts';
import { SESSION_QUERY_KEY } from '#src/lib/session-query-key.ts';
import { returnPathFrom } from '#src/lib/login-path.ts';
import { AUTH_LINK_CLASS, AuthShell } from '../auth-shell.tsx';
import { GuestOnly } from '../guest-only.tsx';
import { Alert } from '#src/components/ui/alert.tsx';
import { EmailLinkRequest } from './email-link-request.tsx';
import { LoginFormFields } from '#src/components/forms/login-form-fields.tsx';
import { MfaStep } from './mfa-step.tsx';
import { OAuthButtons } from './oauth-buttons.tsx';
import { OAUTH_CANCELLED_TEXT, useLoginParams, type LoginNotice } from './use-login-params.ts';

type LoginView = { name: 'password' } | { name: 'mfa'; mfaToken: string } | { name: 'email-link' };

const TITLES: Record<LoginView['name'], { title: string; subtitle?: string }> = {
  password: { title: 'Sign in to your store', subtitle: 'Welcome back. Enter your details to continue.' },
  mfa: { title: 'Two-step verification' },
  'email-link': { title: 'Sign in with a link' },
};

/** Spec §2 Login. A signed-in visitor (or one who just signed in) is sent on by GuestOnly. */
export function LoginPage() {
  return (
    <GuestOnly>
      <LoginFlow />
    </GuestOnly>
  );
}

function LoginFlow() {
  const location = useLocation();
  const queryClient = useQueryClient();
  const params = useLoginParams();
  const [view, setView] = useState<LoginView>(() => (params.mfaToken ? { name: 'mfa', mfaToken: params.mfaToken } : { name: 'password' }));
  const [notice, setNotice] = useState<LoginNotice>(params.notice);
  const origin = returnPathFrom(location.search, '/dashboard');

  // GuestOnly sees the user and follows the return-path rule (SECURITY "Sessions and the browser").
  const signedIn = (user: User) => {
    queryClient.setQueryData(SESSION_QUERY_KEY, user);
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  };
  const signIn = useMutation({
    mutationFn: (values: LoginForm) => callFunction('signInWithPassword', values),
    onSuccess: (result) => (result.status === 'signed-in' ? signedIn(result.user) : setView({ name: 'mfa', mfaToken: result.mfaToken })),
  });
  const popup = useOAuthPopup({
    onSignedIn: () => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
    onMfaRequired: (mfaToken) => setView({ name: 'mfa', mfaToken }),
    redirect: (url) => window.location.assign(url),
    onClosedWithoutAnswer: () => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
  });
  const popupNotice: LoginNotice =
    popup.state.status === 'cancelled'
      ? { tone: 'info', text: OAUTH_CANCELLED_TEXT }
      : popup.state.status === 'error'
        ? { tone: 'error', text: popup.state.message ?? 'We could not sign you in with that provider. Please try again.' }
        : null;
  const shownNotice = popupNotice ?? notice;
  const { title, subtitle } = TITLES[view.name];

  return (
    <AuthShell
      title={title}
      subtitle={subtitle}
      footer={
        view.name === 'password' ? (
          <>
            New to Shopfront?{' '}
            <ModeLink to="/signup" className={AUTH_LINK_CLASS}>
              Create an account
            </ModeLink>
          </>
        ) : undefined
      }
    >
      {view.name === 'mfa' ? (
        <MfaStep mfaToken={view.mfaToken} onSignedIn={signedIn} onCancel={() => setView({ name: 'password' })} />
      ) : view.name === 'email-link' ? (
        <EmailLinkRequest continueUrl={origin} onBack={() => setView({ name: 'password' })} />
      ) : (
        <div className="space-y-6">
          {shownNotice ? <Alert tone={shownNotice.tone}>{shownNotice.text}</Alert> : null}
          <LoginFormFields
            error={signIn.isError ? errorMessage(signIn.error) : null}
            onSubmit={async (values) => {
              setNotice(null);
              popup.reset();
              await signIn.mutateAsync(values).catch(() => undefined);
            }}
            extra={
              <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
                <button type="button" onClick={() => setView({ name: 'email-link' })} className={AUTH_LINK_CLASS}>
                  Email me a sign-in link
                </button>
                <ModeLink to="/password-reset" className={AUTH_LINK_CLASS}>
                  Forgot password?
                </ModeLink>
              </div>
            }
          />
          <OAuthButtons popup={popup.state} origin={origin} onPopup={(provider: AuthProviderId) => popup.start(provider, origin)} />
        </div>
      )}
    </AuthShell>
  );
}
