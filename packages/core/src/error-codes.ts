/**
 * Callable-function error codes (Firebase "FunctionsErrorCode" names) and their HTTP statuses.
 * Spec §8: the client maps HTTP status → code with `codeForHttpStatus`; the server always also
 * sends `error.status`, because several codes share one HTTP status.
 */
export const ERROR_CODES = [
  'ok',
  'cancelled',
  'unknown',
  'invalid-argument',
  'deadline-exceeded',
  'not-found',
  'already-exists',
  'permission-denied',
  'resource-exhausted',
  'failed-precondition',
  'aborted',
  'out-of-range',
  'unimplemented',
  'internal',
  'unavailable',
  'data-loss',
  'unauthenticated',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Server side: the HTTP status sent for each code. */
export const HTTP_STATUS_BY_CODE: Record<ErrorCode, number> = {
  ok: 200,
  cancelled: 499,
  unknown: 500,
  'invalid-argument': 400,
  'deadline-exceeded': 504,
  'not-found': 404,
  'already-exists': 409,
  'permission-denied': 403,
  'resource-exhausted': 429,
  'failed-precondition': 400,
  aborted: 409,
  'out-of-range': 400,
  unimplemented: 501,
  internal: 500,
  unavailable: 503,
  'data-loss': 500,
  unauthenticated: 401,
};

/** Client side, spec §8: HTTP status → code when the body carries no usable status. */
export function codeForHttpStatus(status: number): ErrorCode {
  if (status >= 200 && status < 300) return 'ok';
  switch (status) {
    case 0:
      return 'internal';
    case 400:
      return 'invalid-argument';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'permission-denied';
    case 404:
      return 'not-found';
    case 409:
      return 'aborted';
    case 429:
      return 'resource-exhausted';
    case 499:
      return 'cancelled';
    case 500:
      return 'internal';
    case 501:
      return 'unimplemented';
    case 503:
      return 'unavailable';
    case 504:
      return 'deadline-exceeded';
    default:
      return 'unknown';
  }
}

/** `not-found` ↔ `NOT_FOUND`, the wire spelling of `error.status`. */
export function wireStatusForCode(code: ErrorCode): string {
  return code.toUpperCase().replace(/-/g, '_');
}

export function codeForWireStatus(status: unknown): ErrorCode | null {
  if (typeof status !== 'string') return null;
  const code = status.toLowerCase().replace(/_/g, '-');
  return (ERROR_CODES as readonly string[]).includes(code) ? (code as ErrorCode) : null;
}

/** Spec §8 "Generic function errors": the message shown when a thrower gives none. */
export const DEFAULT_MESSAGE_BY_CODE: Record<ErrorCode, string> = {
  ok: 'OK',
  cancelled: 'The request was cancelled.',
  unknown: 'An unexpected error occurred.',
  'invalid-argument': 'Invalid argument.',
  'deadline-exceeded': 'Request timed out. Please try again.',
  'not-found': 'The requested resource was not found',
  'already-exists': 'Resource already exists',
  'permission-denied': "You don't have permission to perform this action",
  'resource-exhausted': 'Too many requests. Please wait before trying again.',
  'failed-precondition': 'Operation cannot be completed',
  aborted: 'Operation cannot be completed',
  'out-of-range': 'Invalid argument.',
  unimplemented: 'This feature is not available yet.',
  internal: 'An unexpected error occurred.',
  unavailable: 'Service temporarily unavailable. Please try again.',
  'data-loss': 'An unexpected error occurred.',
  unauthenticated: 'Please sign in to perform this action',
};
