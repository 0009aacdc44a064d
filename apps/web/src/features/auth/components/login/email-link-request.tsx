import { zodResolver } from '@hookform/resolvers/zod';
import { EmailSchema } from '@shopfront/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '#src/components/ui/button.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { callFunction } from '#src/lib/call-function.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { Alert } from '#src/components/ui/alert.tsx';
import { QuietAction } from '#src/components/ui/quiet-action.tsx';

const EmailFormSchema = z.object({ email: EmailSchema });

interface EmailLinkRequestProps {
  /** Where the link leads after sign-in: the remembered origin (already checked) or /dashboard. */
  continueUrl: string;
  onBack: () => void;
}

/** Spec §7 email-link sign-in: we email a one-time link instead of asking for the password. */
export function EmailLinkRequest({ continueUrl, onBack }: EmailLinkRequestProps) {
  const send = useMutation({ mutationFn: (email: string) => callFunction('sendSignInLink', { email, continueUrl }) });
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(EmailFormSchema), defaultValues: { email: '' } });

  if (send.isSuccess) {
    return (
      <div className="space-y-5">
        <Alert tone="success" title="Check your inbox">
          We sent a sign-in link to <span className="font-semibold wrap-anywhere">{send.variables}</span>. Open it on this device to sign in. The
          link works once and expires soon.
        </Alert>
        <Button variant="secondary" className="w-full" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    );
  }

  return (
    <form noValidate className="space-y-5" onSubmit={handleSubmit((values) => send.mutateAsync(values.email).catch(() => undefined))}>
      <p className="text-sm text-slate-600">Enter your email and we&apos;ll send you a link that signs you in, no password needed.</p>
      {send.isError ? <Alert>{errorMessage(send.error)}</Alert> : null}
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" autoFocus error={formState.errors.email?.message} {...register('email')} />
      <Button type="submit" className="w-full" disabled={send.isPending} aria-busy={send.isPending}>
        {send.isPending ? 'Sending link…' : 'Email me a sign-in link'}
      </Button>
      <QuietAction onClick={onBack}>Sign in with a password instead</QuietAction>
    </form>
  );
}
