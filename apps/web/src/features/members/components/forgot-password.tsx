import { zodResolver } from '@hookform/resolvers/zod';
import { EmailSchema, PasswordResetSchema, type PasswordReset } from '@shopfront/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { PasswordField } from '#src/components/ui/password-field.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { CodeEntry } from '#src/components/forms/code-entry.tsx';
import { QuietAction } from '#src/components/ui/quiet-action.tsx';
import { useCustomerResetPassword, useSendCustomerCode } from '../api/members-api.ts';

const EmailStepSchema = z.object({ email: EmailSchema });

/**
 * "Forgot password?": the email gets a reset code (sendCustomerCode password-reset), then the code
 * and the new password twice go to customerResetPassword, which signs the customer in.
 */
export function ForgotPassword({ storeId, onBack }: { storeId: string; onBack: () => void }) {
  const [email, setEmail] = useState<string | null>(null);
  const sendCode = useSendCustomerCode(storeId, 'password-reset');
  return (
    <div className="space-y-6">
      {email === null ? (
        <EmailStep
          error={sendCode.isError ? errorMessage(sendCode.error) : null}
          onSubmit={async (value) => {
            await sendCode
              .mutateAsync(value)
              .then(() => setEmail(value))
              .catch(() => undefined);
          }}
        />
      ) : (
        <ResetStepForm storeId={storeId} email={email} onResend={() => sendCode.mutateAsync(email)} onChangeEmail={() => setEmail(null)} />
      )}
      <QuietAction onClick={onBack}>Back to sign in</QuietAction>
    </div>
  );
}

function EmailStep({ error, onSubmit }: { error: string | null; onSubmit: (email: string) => Promise<void> }) {
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(EmailStepSchema), defaultValues: { email: '' } });
  return (
    <form noValidate className="space-y-5" onSubmit={handleSubmit((values) => onSubmit(values.email))}>
      {error ? <Alert>{error}</Alert> : null}
      <p className="text-sm text-slate-600">Enter the email of your account and we&apos;ll send you a 6-digit code.</p>
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" autoFocus error={formState.errors.email?.message} {...register('email')} />
      <Button type="submit" className="w-full" disabled={formState.isSubmitting} aria-busy={formState.isSubmitting}>
        {formState.isSubmitting ? 'Sending code…' : 'Send reset code'}
      </Button>
    </form>
  );
}

function ResetStepForm({ storeId, email, onResend, onChangeEmail }: { storeId: string; email: string; onResend: () => Promise<unknown>; onChangeEmail: () => void }) {
  const reset = useCustomerResetPassword(storeId);
  const { register, handleSubmit, formState } = useForm<PasswordReset>({
    resolver: zodResolver(PasswordResetSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = formState;
  return (
    <CodeEntry
      email={email}
      error={reset.isError ? errorMessage(reset.error) : null}
      incompleteCode="explain"
      submitLabel="Set new password and sign in"
      pendingLabel="Saving…"
      onSubmit={(code) =>
        handleSubmit(async (values) => {
          await reset.mutateAsync({ email, code, ...values }).catch(() => undefined);
        })()
      }
      onResend={onResend}
      onChangeEmail={onChangeEmail}
    >
      <PasswordField label="New password" autoComplete="new-password" hint={errors.password ? undefined : 'At least 6 characters.'} error={errors.password?.message} {...register('password')} />
      <PasswordField label="Confirm new password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
    </CodeEntry>
  );
}
