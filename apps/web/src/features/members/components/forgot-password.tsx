import { zodResolver } from '@hookform/resolvers/zod';
import { EmailSchema, MESSAGES, PasswordResetSchema } from '@shopfront/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { PasswordField } from '#src/components/ui/password-field.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { CodeInput, ResendCode } from '#src/features/auth/index.ts';
import { useCustomerResetPassword, useSendCustomerCode } from '../api/members-api.ts';

const EmailStepSchema = z.object({ email: EmailSchema });
const CodeSchema = z.string().regex(/^\d{6}$/, { error: MESSAGES.validation.verificationCodeInvalid });
const ResetStepSchema = z.intersection(z.object({ code: CodeSchema }), PasswordResetSchema);
type ResetStep = z.infer<typeof ResetStepSchema>;

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
      <p className="text-center text-sm">
        <button type="button" onClick={onBack} className="font-medium text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline">
          Back to sign in
        </button>
      </p>
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
  const { register, control, handleSubmit, formState } = useForm<ResetStep>({
    resolver: zodResolver(ResetStepSchema),
    defaultValues: { code: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = formState;
  return (
    <div className="space-y-6">
      <form
        noValidate
        className="space-y-5"
        onSubmit={handleSubmit(async (values) => {
          await reset.mutateAsync({ email, ...values }).catch(() => undefined);
        })}
      >
        <p className="text-sm text-slate-600">
          We sent a 6-digit code to <span className="font-semibold text-slate-900 wrap-anywhere">{email}</span>. It expires in 10 minutes.
        </p>
        {reset.isError ? <Alert>{errorMessage(reset.error)}</Alert> : null}
        <Controller control={control} name="code" render={({ field }) => <CodeInput value={field.value} onChange={field.onChange} autoFocus error={errors.code?.message} />} />
        <PasswordField label="New password" autoComplete="new-password" hint={errors.password ? undefined : 'At least 6 characters.'} error={errors.password?.message} {...register('password')} />
        <PasswordField label="Confirm new password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
        <Button type="submit" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Set new password and sign in'}
        </Button>
      </form>
      <ResendCode onResend={onResend} />
      <p className="text-center text-sm">
        <button type="button" onClick={onChangeEmail} className="font-medium text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline">
          Use a different email
        </button>
      </p>
    </div>
  );
}
