import type { User } from '@shopfront/core';

export type SessionUser = User;

/**
 * THE SEAM for the identity issue: replace this body with
 * `return callFunction('getCurrentUser', {})` (null when signed out). Everything else —
 * guards, the /login redirect, the return path — already reads the session through it.
 */
export async function fetchSession(): Promise<SessionUser | null> {
  return null;
}
