/**
 * Identity messages the spec does not word (spec §8 texts live in @shopfront/core MESSAGES).
 * Same voice as the spec's.
 */
export const IDENTITY_MESSAGES = {
  commonPassword: 'This password is too common. Please choose another.',
  linkInvalid: 'This sign-in link is invalid or has already been used.',
  linkExpired: 'This sign-in link has expired. Please request a new one.',
  continueUrlInvalid: 'The continue URL must be a path on this site.',
  mfaSessionExpired: 'Your sign-in attempt has expired. Please sign in again.',
  mfaCodeInvalid: 'Invalid authentication code. Please try again.',
  mfaTooManyAttempts: 'Too many failed attempts. Please sign in again.',
  mfaAlreadyEnabled: 'Two-factor authentication is already enabled.',
  mfaNotStarted: 'Start two-factor enrolment first.',
  mfaNotEnabled: 'Two-factor authentication is not enabled.',
  recoveryCodeInvalid: 'This recovery code is not valid or has already been used.',
} as const;
