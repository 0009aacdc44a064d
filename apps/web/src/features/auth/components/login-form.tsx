import { zodResolver } from '@hookform/resolvers/zod';
import { LoginFormSchema, type LoginForm } from '@shopfront/core';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';

interface LoginFormProps {
  onSubmit: (values: LoginForm) => Promise<void> | void;
  submitLabel?: string;
  /** Rendered between the password field and the submit button (e.g. "Forgot password"). */
  extra?: ReactNode;
}

export function LoginFormFields({ onSubmit, submitLabel = 'Sign in', extra }: LoginFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({ resolver: zodResolver(LoginFormSchema), defaultValues: { email: '', password: '' } });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
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
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in…' : submitLabel}
      </Button>
    </form>
  );
}
