import { isAppError, MESSAGES } from '@shopfront/core';

/** CONVENTIONS rule 5: the UI shows the server's message as is; anything else is the generic one. */
export function errorMessage(error: unknown): string {
  return isAppError(error) ? error.message : MESSAGES.generic.internal;
}
