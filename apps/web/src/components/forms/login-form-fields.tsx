import { zodResolver } from '@hookform/resolvers/zod';
import { LoginFormSchema, type LoginForm } from '@shopfront/core';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../ui/button.tsx';
import { PasswordField } from '../ui/password-field.tsx';
import { TextField } from '../ui/text-field.tsx';
import { Alert } from '../ui/alert.tsx';

interface LoginFormProps {
  onSubmit: (values: LoginForm) => Promise<void> | void;
  submitLabel?: string;
  /** Rendered between the password field and the submit button (e.g. "Forgot password"). */
  extra?: ReactNode;
  /** The server's answer to the last attempt. */
  error?: string | null;
}

/** Spec §5 Login: a valid email and a password; the submit button shows the pending state. */
export function LoginFormFields({ onSubmit, submitLabel = 'Sign in', extra, error }: LoginFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({ resolver: zodResolver(LoginFormSchema), defaultValues: { email: '', password: '' } });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
      {error ? <Alert>{error}</Alert> : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
      {extra}
      <Button type="submit" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? 'Signing in…' : submitLabel}
      </Button>
    </form>
  );
}
