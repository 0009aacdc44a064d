import { zodResolver } from '@hookform/resolvers/zod';
import { EmailSchema, type User } from '@shopfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '#src/components/ui/button.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { callFunction } from '#src/lib/call-function.ts';
import { ModeLink } from '#src/lib/mode-navigation.tsx';
import { safeReturnPath } from '@shopfront/core';
import { errorMessage } from '#src/lib/error-message.ts';
import { useModeNavigate } from '#src/features/auth/hooks/use-mode-navigate.ts';
import { SESSION_QUERY_KEY } from '#src/lib/session-query-key.ts';
import { ORIGIN_PARAM } from '#src/lib/login-path.ts';
import { AUTH_LINK_CLASS, AuthShell } from '../auth-shell.tsx';
import { Alert } from '#src/components/ui/alert.tsx';
import { MfaStep } from './mfa-step.tsx';

const EmailFormSchema = z.object({ email: EmailSchema });

interface LinkParams {
  token: string | null;
  email: string | null;
  continueTo: string;
}

/** The server also accepts an absolute continue URL on our own origin (as Firebase does). */
function continuePath(raw: string | null): string | null {
  if (!raw || raw.startsWith('/')) return raw;
  try {
    const url = new URL(raw);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

function readLink(search: string): LinkParams {
  const params = new URLSearchParams(search);
  const token = params.get('token');
  return {
    token: token && token.length <= 200 ? token : null,
    email: params.get('email'),
    continueTo: safeReturnPath(continuePath(params.get('continueUrl') ?? params.get(ORIGIN_PARAM)), '/dashboard'),
  };
}

/** Spec §7 email-link sign-in: the page the emailed link opens (`/login/email-link?token=…&email=…`). */
export function EmailLinkPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const goOn = useModeNavigate();
  const queryClient = useQueryClient();
  const [link] = useState(() => readLink(location.search));
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const started = useRef(false);

  const signedIn = (user: User) => {
    goOn(link.continueTo, { replace: true });
    queryClient.setQueryData(SESSION_QUERY_KEY, user);
  };
  const signIn = useMutation({
    mutationFn: (email: string) => callFunction('signInWithEmailLink', { email, token: link.token ?? '' }),
    onSuccess: (result) => (result.status === 'signed-in' ? signedIn(result.user) : setMfaToken(result.mfaToken)),
  });

  // On arrival: `link` is read once, and `started` guards a second effect run (StrictMode).
  const start = useEffectEvent(() => {
    // The token is single-use: take it out of the address bar and the history right away.
    if (location.search) void navigate({ pathname: location.pathname, search: '' }, { replace: true });
    if (started.current || !link.token || !link.email) return;
    started.current = true;
    signIn.mutate(link.email);
  });
  useEffect(() => start(), []);

  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(EmailFormSchema), defaultValues: { email: '' } });

  if (mfaToken) {
    return (
      <AuthShell title="Two-step verification">
        <MfaStep mfaToken={mfaToken} onSignedIn={signedIn} onCancel={() => goOn('/login', { replace: true })} />
      </AuthShell>
    );
  }

  const backToLogin = (
    <ModeLink to="/login" className={AUTH_LINK_CLASS}>
      Back to sign in
    </ModeLink>
  );

  if (!link.token) {
    return (
      <AuthShell title="This link doesn't work" footer={backToLogin}>
        <Alert>This sign-in link is incomplete. Please open the link from your email again, or ask for a new one.</Alert>
      </AuthShell>
    );
  }

  const needsEmail = !link.email;
  return (
    <AuthShell title={signIn.isError ? "We couldn't sign you in" : needsEmail ? 'Confirm your email' : 'Signing you in'} footer={backToLogin}>
      {signIn.isError ? <Alert className="mb-5">{errorMessage(signIn.error)}</Alert> : null}
      {needsEmail && !signIn.isSuccess ? (
        <form noValidate className="space-y-5" onSubmit={handleSubmit((values) => signIn.mutateAsync(values.email).catch(() => undefined))}>
          <p className="text-sm text-slate-600">For your security, enter the email address the sign-in link was sent to.</p>
          <TextField label="Email" type="email" autoComplete="email" inputMode="email" autoFocus error={formState.errors.email?.message} {...register('email')} />
          <Button type="submit" className="w-full" disabled={signIn.isPending} aria-busy={signIn.isPending}>
            {signIn.isPending ? 'Signing in…' : 'Sign in'}
          </Button>
        </form>
      ) : signIn.isError ? null : (
        <div role="status" className="flex items-center justify-center gap-3 py-4 text-slate-600">
          <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600" />
          Signing you in…
        </div>
      )}
    </AuthShell>
  );
}
