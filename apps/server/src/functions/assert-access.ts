import { AppError, MESSAGES, type FunctionAccess } from '@shopfront/core';
import type { Caller } from './types.ts';

/** Runs before every handler: the contract's `access` against the resolved caller. */
export function assertAccess(access: FunctionAccess, caller: Caller | null): void {
  if (access === 'public') return;
  if (!caller) throw new AppError('unauthenticated', MESSAGES.generic.unauthenticated);
  if (access === 'creator' && caller.kind !== 'creator') {
    throw new AppError('permission-denied', MESSAGES.generic.permissionDenied);
  }
  if (access === 'admin') {
    if (!(caller.kind === 'creator' && caller.isAdmin)) throw new AppError('permission-denied', MESSAGES.admin.permissionDenied);
    // Admin reads and writes both need a session that proved TOTP; details let the UI show the enrolment prompt.
    if (!caller.mfaVerified) throw new AppError('permission-denied', MESSAGES.admin.mfaRequired, { reason: 'mfa-required' });
  }
  // `customer`: the handler checks that the customer belongs to the store named in its input.
  if (access === 'customer' && caller.kind !== 'customer') {
    throw new AppError('permission-denied', MESSAGES.generic.permissionDenied);
  }
}
