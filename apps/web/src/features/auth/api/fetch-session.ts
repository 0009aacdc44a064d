import type { User } from '@shopfront/core';
import { callFunction } from '#src/lib/call-function.ts';

export type SessionUser = User;

/** The signed-in creator from the session cookie, or null when signed out. */
export async function fetchSession(): Promise<SessionUser | null> {
  return callFunction('getCurrentUser', {});
}
