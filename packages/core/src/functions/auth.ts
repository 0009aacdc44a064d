import { z } from 'zod';
import {
  EmailSchema,
  FirstNameSchema,
  LastNameSchema,
  LoginPasswordSchema,
  NewPasswordSchema,
  VerificationCodeSchema,
} from '../schemas/fields.ts';
import { defineFunction } from './define.ts';
import { singleLine, singleLineText } from '../schemas/text.ts';

/** Spec §7 verification calls and the identity service, as callable functions. */
export const VerificationTypeSchema = z.enum(['signup', 'password-reset']);
export type VerificationType = z.infer<typeof VerificationTypeSchema>;

const email = EmailSchema;
const name = z.string().trim().check(singleLine).max(100);

/** Spec §3 User, as any client sees it: no secrets, no hashes. */
export const UserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.literal('creator'),
  createdAt: z.string(),
  updatedAt: z.string(),
  hasStore: z.boolean(),
  isActive: z.boolean(),
  isAdmin: z.boolean(),
  storeCount: z.number().int(),
  activeStoreId: z.string().nullable(),
  storeId: z.string().nullable(),
  photoURL: z.string().nullable(),
  emailVerified: z.boolean(),
  mfaEnabled: z.boolean(),
  subscription: z.object({ planId: z.string() }),
});
export type User = z.infer<typeof UserSchema>;

/** A completed sign-in: the session token is also set as an HttpOnly cookie for browsers. */
export const SignedInSchema = z.object({
  status: z.literal('signed-in'),
  user: UserSchema,
  idToken: z.string(),
  expiresAt: z.string(),
});
/** Spec §4 "multi-factor required": the second step is completeMfaSignIn. */
export const MfaRequiredSchema = z.object({
  status: z.literal('mfa-required'),
  mfaToken: z.string(),
  factors: z.array(z.literal('totp')),
});
export const SignInResultSchema = z.discriminatedUnion('status', [SignedInSchema, MfaRequiredSchema]);
export type SignInResult = z.infer<typeof SignInResultSchema>;

const codeSent = z.object({ sent: z.literal(true), cooldownSeconds: z.number().int() });

export const sendVerificationCode = defineFunction({
  name: 'sendVerificationCode',
  access: 'public',
  input: z.object({ email, type: VerificationTypeSchema }).strict(),
  output: codeSent,
});

export const resendVerificationCode = defineFunction({
  name: 'resendVerificationCode',
  access: 'public',
  input: z.object({ email, type: VerificationTypeSchema }).strict(),
  output: codeSent,
});

/** `type` defaults to signup; a password-reset code is checked here but consumed by confirmPasswordReset. */
export const verifyEmailCode = defineFunction({
  name: 'verifyEmailCode',
  access: 'public',
  input: z.object({ email, code: VerificationCodeSchema, type: VerificationTypeSchema.optional() }).strict(),
  output: z.object({ verified: z.literal(true) }),
});

export const signUp = defineFunction({
  name: 'signUp',
  access: 'public',
  input: z.object({ email, password: NewPasswordSchema, firstName: FirstNameSchema, lastName: LastNameSchema }).strict(),
  output: SignInResultSchema,
});

export const signInWithPassword = defineFunction({
  name: 'signInWithPassword',
  access: 'public',
  input: z.object({ email, password: LoginPasswordSchema }).strict(),
  output: SignInResultSchema,
});

export const completeMfaSignIn = defineFunction({
  name: 'completeMfaSignIn',
  access: 'public',
  input: z.object({ mfaToken: singleLineText().max(200), code: singleLineText().max(32) }).strict(),
  output: SignInResultSchema,
});

export const signOut = defineFunction({
  name: 'signOut',
  access: 'public',
  input: z.object({}).strict().nullish(),
  output: z.object({ signedOut: z.literal(true) }),
});

/** Null when signed out, so the web app can ask without an error. */
export const getCurrentUser = defineFunction({
  name: 'getCurrentUser',
  access: 'public',
  input: z.object({}).strict().nullish(),
  output: UserSchema.nullable(),
});

export const updateProfile = defineFunction({
  name: 'updateProfile',
  access: 'creator',
  input: z
    .object({
      displayName: name.optional(),
      firstName: name.optional(),
      lastName: name.optional(),
      photoURL: z.url({ protocol: /^https?$/ }).check(singleLine).max(2048).nullable().optional(),
    })
    .strict(),
  output: UserSchema,
});

export const confirmPasswordReset = defineFunction({
  name: 'confirmPasswordReset',
  access: 'public',
  input: z.object({ email, code: VerificationCodeSchema, newPassword: NewPasswordSchema }).strict(),
  output: z.object({ reset: z.literal(true) }),
});

export const sendSignInLink = defineFunction({
  name: 'sendSignInLink',
  access: 'public',
  input: z.object({ email, continueUrl: singleLineText().max(2048) }).strict(),
  output: z.object({ sent: z.literal(true) }),
});

export const signInWithEmailLink = defineFunction({
  name: 'signInWithEmailLink',
  access: 'public',
  input: z.object({ email, token: singleLineText().max(200) }).strict(),
  output: SignInResultSchema,
});

export const AuthProviderIdSchema = z.enum(['google', 'github', 'facebook', 'twitter', 'oidc']);
export type AuthProviderId = z.infer<typeof AuthProviderIdSchema>;

/** Which social / OIDC providers the operator enabled (env), for the sign-in buttons. */
export const getAuthProviders = defineFunction({
  name: 'getAuthProviders',
  access: 'public',
  input: z.object({}).strict().nullish(),
  output: z.array(z.object({ id: AuthProviderIdSchema, label: z.string() })),
});

export const startTotpEnrollment = defineFunction({
  name: 'startTotpEnrollment',
  access: 'creator',
  input: z.object({}).strict().nullish(),
  output: z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() }),
});

/** Recovery codes: how many a set holds, and how few left make Settings › Security warn. */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODES_LOW = 2;

/** A fresh set of single-use recovery codes (`xxxxx-xxxxx`), shown once: the server keeps only hashes. */
const recoveryCodes = z.array(z.string()).length(RECOVERY_CODE_COUNT);

/** The first correct code turns TOTP on and answers the recovery codes, shown this once. */
export const confirmTotpEnrollment = defineFunction({
  name: 'confirmTotpEnrollment',
  access: 'creator',
  input: z.object({ code: singleLineText().max(32) }).strict(),
  output: z.object({ enrolled: z.literal(true), recoveryCodes }),
});

/** `code`: a current authenticator code or an unused recovery code (the way back after losing the phone). */
export const disableTotp = defineFunction({
  name: 'disableTotp',
  access: 'creator',
  input: z.object({ code: singleLineText().max(32) }).strict(),
  output: z.object({ disabled: z.literal(true) }),
});

/** "Lost your device?": the second step of a sign-in with a recovery code instead of a TOTP code. */
export const completeMfaSignInWithRecoveryCode = defineFunction({
  name: 'completeMfaSignInWithRecoveryCode',
  access: 'public',
  input: z.object({ mfaToken: singleLineText().max(200), recoveryCode: singleLineText().max(32) }).strict(),
  output: SignInResultSchema,
});

/** A new set replaces (and voids) the old one; needs a second-factor code like `disableTotp`. */
export const regenerateRecoveryCodes = defineFunction({
  name: 'regenerateRecoveryCodes',
  access: 'creator',
  input: z.object({ code: singleLineText().max(32) }).strict(),
  output: z.object({ recoveryCodes }),
});

/** How many recovery codes the caller has left (0 and null without two-step verification). */
export const getRecoveryCodeStatus = defineFunction({
  name: 'getRecoveryCodeStatus',
  access: 'creator',
  input: z.object({}).strict().nullish(),
  output: z.object({ remaining: z.number().int(), total: z.number().int(), createdAt: z.string().nullable() }),
});

/** Spec §7, development only: makes the caller admin when no admin exists yet. */
export const initializeFirstAdmin = defineFunction({
  name: 'initializeFirstAdmin',
  access: 'creator',
  devOnly: true,
  input: z.object({}).strict().nullish(),
  output: z.object({ isAdmin: z.literal(true) }),
});

export const checkAdminStatus = defineFunction({
  name: 'checkAdminStatus',
  access: 'creator',
  input: z.object({}).strict().nullish(),
  /** `mfaVerified`: this session proved TOTP, as every admin function requires (the UI shows the enrolment prompt when false). */
  output: z.object({ isAdmin: z.boolean(), mfaVerified: z.boolean().optional() }),
});
