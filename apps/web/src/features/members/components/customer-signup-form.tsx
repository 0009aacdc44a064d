import { zodResolver } from '@hookform/resolvers/zod';
import { BuyerNameSchema, CustomerSignupSchema } from '@shopfront/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { PasswordField } from '#src/components/ui/password-field.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';

/** Spec §5 customer signup (passwords match, at least 6) plus the name customerSignUp needs. */
export const MemberSignupSchema = z.intersection(z.object({ name: BuyerNameSchema }), CustomerSignupSchema);
export type MemberSignup = z.infer<typeof MemberSignupSchema>;

export const EMPTY_MEMBER_SIGNUP: MemberSignup = { name: '', email: '', password: '', confirmPassword: '' };

interface CustomerSignupFormProps {
  onSubmit: (values: MemberSignup) => Promise<void> | void;
  defaultValues?: MemberSignup;
  error?: string | null;
}

/** Step 1 of the members signup: name, email, password and its confirmation. */
export function CustomerSignupForm({ onSubmit, defaultValues = EMPTY_MEMBER_SIGNUP, error }: CustomerSignupFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<MemberSignup>({ resolver: zodResolver(MemberSignupSchema), defaultValues });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
      {error ? <Alert>{error}</Alert> : null}
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" error={errors.email?.message} {...register('email')} />
      <PasswordField label="Password" autoComplete="new-password" hint={errors.password ? undefined : 'At least 6 characters.'} error={errors.password?.message} {...register('password')} />
      <PasswordField label="Confirm password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
      <Button type="submit" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? 'Sending code…' : 'Continue'}
      </Button>
    </form>
  );
}
