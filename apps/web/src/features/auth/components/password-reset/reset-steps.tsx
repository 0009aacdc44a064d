import { zodResolver } from '@hookform/resolvers/zod';
import { EmailSchema, PasswordResetSchema, RESET_SUCCESS_REDIRECT_MS, type PasswordReset } from '@shopfront/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '#src/components/ui/button.tsx';
import { PasswordField } from '#src/components/ui/password-field.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { useModeNavigate } from '#src/features/auth/hooks/use-mode-navigate.ts';
import { useRedirectAfter } from '#src/features/auth/hooks/use-redirect-after.ts';
import { Alert } from '#src/components/ui/alert.tsx';

const EmailFormSchema = z.object({ email: EmailSchema });

export function ResetEmailStep({ email, error, onSubmit }: { email: string; error: string | null; onSubmit: (email: string) => Promise<void> }) {
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(EmailFormSchema), defaultValues: { email } });
  return (
    <form noValidate className="space-y-5" onSubmit={handleSubmit((values) => onSubmit(values.email))}>
      {error ? <Alert>{error}</Alert> : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        autoFocus
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" className="w-full" disabled={formState.isSubmitting} aria-busy={formState.isSubmitting}>
        {formState.isSubmitting ? 'Sending code…' : 'Send reset code'}
      </Button>
    </form>
  );
}

export function NewPasswordStep({ error, onSubmit, onStartOver }: { error: string | null; onSubmit: (password: string) => Promise<void>; onStartOver: () => void }) {
  const { register, handleSubmit, formState } = useForm<PasswordReset>({
    resolver: zodResolver(PasswordResetSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = formState;
  return (
    <form noValidate className="space-y-5" onSubmit={handleSubmit((values) => onSubmit(values.password))}>
      {error ? (
        <Alert>
          {error}{' '}
          <button type="button" onClick={onStartOver} className="font-semibold underline underline-offset-2">
            Start over
          </button>
        </Alert>
      ) : null}
      <PasswordField label="New password" autoComplete="new-password" autoFocus hint={errors.password ? undefined : 'At least 6 characters.'} error={errors.password?.message} {...register('password')} />
      <PasswordField label="Confirm new password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
      <Button type="submit" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Set new password'}
      </Button>
    </form>
  );
}

/** Spec §2/§9: the success step goes to /login after 3 s. */
export function ResetSuccessStep() {
  const navigate = useModeNavigate();
  const go = () => navigate('/login', { replace: true });
  useRedirectAfter(RESET_SUCCESS_REDIRECT_MS, go);
  return (
    <div className="space-y-5">
      <Alert tone="success">
        Your password has been changed and every other session was signed out.
      </Alert>
      <p role="status" className="flex items-center justify-center gap-2 text-sm text-slate-600">
        <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600" />
        Taking you to sign in…
      </p>
      <Button variant="secondary" className="w-full" onClick={go}>
        Sign in now
      </Button>
    </div>
  );
}
