import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { deriveSlug, validateSlug } from '../rules/slug.ts';
import {
  EmailSchema,
  FirstNameSchema,
  LastNameSchema,
  LoginPasswordSchema,
  NewPasswordSchema,
  StoreDescriptionSchema,
  StoreNameSchema,
} from './fields.ts';

const V = MESSAGES.validation;

/** Spec §5 Login. */
export const LoginFormSchema = z.object({ email: EmailSchema, password: LoginPasswordSchema });
export type LoginForm = z.infer<typeof LoginFormSchema>;

/**
 * Spec §5 Signup. The store name must yield a valid slug; when the creator picked a slug by
 * hand (`slug`), that slug is checked instead. Availability is the server's (async) check.
 */
export const SignupFormSchema = z
  .object({
    firstName: FirstNameSchema,
    lastName: LastNameSchema,
    storeName: StoreNameSchema,
    email: EmailSchema,
    password: NewPasswordSchema,
    slug: z.string().optional(),
  })
  .superRefine((form, ctx) => {
    if (form.slug) {
      const check = validateSlug(form.slug);
      if (!check.valid) ctx.addIssue({ code: 'custom', path: ['slug'], message: check.message });
      return;
    }
    if (typeof form.storeName === 'string' && form.storeName && !validateSlug(deriveSlug(form.storeName)).valid) {
      ctx.addIssue({ code: 'custom', path: ['storeName'], message: V.storeNameNeedsFix });
    }
  });
export type SignupForm = z.infer<typeof SignupFormSchema>;

const newPasswordPair = {
  password: NewPasswordSchema,
  confirmPassword: z.string({ error: V.passwordsDoNotMatch }),
};

function passwordsMatch(form: { password: string; confirmPassword: string }): boolean {
  return form.password === form.confirmPassword;
}
/** Show the mismatch even while the password itself is still too short. */
const mismatch = {
  path: ['confirmPassword'],
  error: V.passwordsDoNotMatch,
  when: (payload: { value: unknown }) => {
    const value = payload.value as Partial<Record<'password' | 'confirmPassword', unknown>> | null;
    return typeof value?.password === 'string' && typeof value.confirmPassword === 'string';
  },
};

/** Spec §5 Password reset, new-password step. */
export const PasswordResetSchema = z.object(newPasswordPair).refine(passwordsMatch, mismatch);
export type PasswordReset = z.infer<typeof PasswordResetSchema>;

/** Spec §5 Customer signup (members area): passwords match, minimum 6. */
export const CustomerSignupSchema = z
  .object({ email: EmailSchema, ...newPasswordPair })
  .refine(passwordsMatch, mismatch);
export type CustomerSignup = z.infer<typeof CustomerSignupSchema>;

/** Spec §5 Store data. */
export const StoreDataSchema = z.object({
  name: StoreNameSchema,
  description: StoreDescriptionSchema.optional(),
});
export type StoreData = z.infer<typeof StoreDataSchema>;
