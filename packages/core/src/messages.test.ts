import { describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGE_BY_CODE } from './error-codes.ts';
import { MESSAGES } from './messages.ts';

describe('MESSAGES: the spec §8 catalogue, exact texts', () => {
  it('auth (8)', () => {
    expect(Object.values(MESSAGES.auth)).toEqual([
      'No account found with this email address.',
      'Incorrect password.',
      'Invalid email or password. Please check your credentials and try again.',
      'An account already exists with this email address.',
      'Password should be at least 6 characters long.',
      'Please enter a valid email address.',
      'This account has been disabled.',
      'Too many failed attempts. Please try again later.',
    ]);
    expect(MESSAGES.auth.invalidCredentials).toBe('Invalid email or password. Please check your credentials and try again.');
  });

  it('admin (6 from §8, with the default; plus our MFA requirement)', () => {
    expect(MESSAGES.admin).toEqual({
      permissionDenied: 'You do not have permission to perform this admin action.',
      unauthenticated: 'Please sign in to perform admin actions.',
      userNotFound: 'User not found.',
      unavailable: 'Admin action cannot be completed at this time.',
      invalidArgument: 'Invalid request data provided.',
      default: 'Admin action failed.',
      mfaRequired: 'Admin actions need two-step verification: turn on an authenticator app in Settings, or sign in again with the one you have.',
    });
  });

  it('verification (9)', () => {
    expect(Object.values(MESSAGES.verification)).toEqual([
      'Invalid email or verification code',
      'Verification code not found or expired',
      'Email already verified',
      'Too many verification attempts. Please try again later.',
      'Verification timed out. Please try again.',
      'Verification code has expired',
      'Email service temporarily unavailable',
      'Too many requests. Please wait before trying again.',
      'Email verification failed.',
    ]);
  });

  it('stores (6 of §8, plus §6 ownership)', () => {
    expect(Object.values(MESSAGES.stores)).toEqual([
      "You don't have permission to perform this action",
      'Invalid store data provided',
      'A store with this name already exists',
      "You've reached your store limit. Upgrade your plan to create more stores",
      'Store not found',
      'Please sign in to manage stores.',
      'You do not have permission to access this store',
    ]);
  });

  it('slug (§5)', () => {
    expect(Object.values(MESSAGES.slug)).toEqual([
      'Invalid slug format. Use only lowercase letters, numbers, and hyphens.',
      'This store URL is already taken. Please choose another.',
      'Unable to check URL availability. Please try again.',
      'This store URL is reserved. Please choose another.',
    ]);
  });

  it('validation keeps the §5 texts', () => {
    expect(MESSAGES.validation).toMatchObject({
      invalidEmail: 'Please enter a valid email address',
      passwordRequired: 'Password is required',
      passwordsDoNotMatch: 'Passwords do not match',
      passwordTooShort: 'Password must be at least 6 characters',
      storeNameRequired: 'Store name is required',
      storeNameNeedsFix: 'Please fix the store name issues before continuing',
    });
  });

  it('generic (9)', () => {
    expect(Object.values(MESSAGES.generic)).toEqual([
      'Invalid argument',
      'Please sign in to perform this action',
      "You don't have permission to perform this action",
      'The requested resource was not found',
      'Service temporarily unavailable. Please try again.',
      'Request timed out. Please try again.',
      'Resource already exists',
      'Operation cannot be completed',
      'An unexpected error occurred.',
    ]);
  });

  it.each([
    ['unauthenticated', 'unauthenticated'],
    ['permission-denied', 'permissionDenied'],
    ['not-found', 'notFound'],
    ['unavailable', 'unavailable'],
    ['deadline-exceeded', 'timedOut'],
    ['already-exists', 'alreadyExists'],
    ['failed-precondition', 'failedPrecondition'],
    ['internal', 'internal'],
  ] as const)('the default message for %s is the generic one', (code, key) => {
    expect(DEFAULT_MESSAGE_BY_CODE[code]).toBe(MESSAGES.generic[key]);
  });

  it('is frozen, area by area', () => {
    expect(Object.isFrozen(MESSAGES)).toBe(true);
    for (const area of Object.values(MESSAGES)) expect(Object.isFrozen(area)).toBe(true);
    expect(() => {
      (MESSAGES.auth as { wrongPassword: string }).wrongPassword = 'x';
    }).toThrow(TypeError);
  });

  it('has no empty or padded text', () => {
    for (const area of Object.values(MESSAGES)) {
      for (const text of Object.values(area)) expect(text).toMatch(/^\S.*\S$/);
    }
  });
});
