import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  STORE_DESCRIPTION_MAX_LENGTH,
  STORE_NAME_MAX_LENGTH,
  VERIFICATION_CODE_LENGTH,
} from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { multiLine, singleLine, singleLineText } from './text.ts';

const V = MESSAGES.validation;

/**
 * Run a length check only once the field is filled, so an empty field shows just "required".
 * (We avoid `abort: true`: it would also skip the form-level checks such as "Passwords do not match".)
 */
const filled = { when: (payload: { value: unknown }) => typeof payload.value === 'string' && payload.value.length > 0 };

/** Spec §5 "a simple pattern check": something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** SECURITY: emails are canonicalised (NFKC, trimmed, lower-case) before the check. */
export const EmailSchema = z
  .string({ error: V.invalidEmail })
  .trim()
  .check(singleLine)
  .normalize('NFKC')
  .toLowerCase()
  .check(
    z.refine((email: string) => email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email), { error: V.invalidEmail }),
  );
export type Email = z.infer<typeof EmailSchema>;

/** An existing password at sign-in: only required (never trimmed). */
export const LoginPasswordSchema = singleLineText({ error: V.passwordRequired })
  .min(1, { error: V.passwordRequired })
  .max(PASSWORD_MAX_LENGTH, { error: V.passwordTooLong });

/** A new password: spec §5 at least 6; SECURITY at most 128, never trimmed or truncated. */
export const NewPasswordSchema = singleLineText({ error: V.passwordRequired })
  .min(1, { error: V.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { error: V.passwordTooShort, ...filled })
  .max(PASSWORD_MAX_LENGTH, { error: V.passwordTooLong });

function personName(required: string) {
  return z
    .string({ error: required })
    .trim()
    .check(singleLine)
    .min(1, { error: required })
    .max(PERSON_NAME_MAX_LENGTH, { error: V.nameTooLong });
}
export const FirstNameSchema = personName(V.firstNameRequired);
export const LastNameSchema = personName(V.lastNameRequired);

/** Spec §5 store name: required, under 100 characters. */
export const StoreNameSchema = z
  .string({ error: V.storeNameRequired })
  .trim()
  .check(singleLine)
  .min(1, { error: V.storeNameRequired })
  .max(STORE_NAME_MAX_LENGTH, { error: V.storeNameTooLong });

/** Spec §5 store description: under 500 characters. */
export const StoreDescriptionSchema = z
  .string()
  .trim()
  .check(multiLine)
  .max(STORE_DESCRIPTION_MAX_LENGTH, { error: V.storeDescriptionTooLong });

/** Spec §5: digits only, exactly 6. Full-width digits become ASCII first (NFKC). */
export const VerificationCodeSchema = z
  .string({ error: V.verificationCodeInvalid })
  .trim()
  .normalize('NFKC')
  .regex(new RegExp(`^[0-9]{${VERIFICATION_CODE_LENGTH}}$`), { error: V.verificationCodeInvalid });
export type VerificationCode = z.infer<typeof VerificationCodeSchema>;
