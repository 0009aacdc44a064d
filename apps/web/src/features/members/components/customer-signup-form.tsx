import { zodResolver } from '@hookform/resolvers/zod';
import { CustomerSignupSchema, type CustomerSignup } from '@shopfront/core';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';

/** Spec §5 customer signup: a valid email, passwords that match, at least 6 characters. */
export function CustomerSignupForm({ onSubmit }: { onSubmit: (values: CustomerSignup) => Promise<void> | void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(CustomerSignupSchema), defaultValues: { email: '', password: '', confirmPassword: '' } });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
      <PasswordField label="Password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
      <PasswordField label="Confirm password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        Create account
      </Button>
    </form>
  );
}
