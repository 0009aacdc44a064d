import { AppError } from '@shopfront/core';

/** Node socket errors and pg SQLSTATEs that mean "the database cannot be reached right now". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end on the pool',
];
const QUERY_CANCELED = '57014'; // statement_timeout
const UNIQUE_VIOLATION = '23505';

/** Drizzle wraps driver errors (`DrizzleQueryError.cause`); look through the whole chain. */
function* errorChain(error: unknown): Generator<Record<string, unknown>> {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current as Record<string, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (const link of errorChain(error)) {
    if (link.code === UNIQUE_VIOLATION) return constraint === undefined || link.constraint === constraint;
  }
  return false;
}

/** An exclusion constraint refused the row (SQLSTATE 23P01), e.g. an overlapping booking. */
export function isExclusionViolation(error: unknown, constraint?: string): boolean {
  for (const link of errorChain(error)) {
    if (link.code === '23P01') return constraint === undefined || link.constraint === constraint;
  }
  return false;
}

/** The AppError a database failure should answer with, or null when it is not one. */
export function appErrorForDatabaseFailure(error: unknown): AppError | null {
  for (const link of errorChain(error)) {
    const code = typeof link.code === 'string' ? link.code : '';
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return new AppError('unavailable');
    if (code === QUERY_CANCELED) return new AppError('deadline-exceeded');
    const message = typeof link.message === 'string' ? link.message : '';
    if (UNAVAILABLE_MESSAGES.some((known) => message.includes(known))) return new AppError('unavailable');
    if (Array.isArray(link.errors) && link.errors.some((inner) => appErrorForDatabaseFailure(inner))) {
      return new AppError('unavailable'); // AggregateError from a dual-stack connect
    }
  }
  return null;
}
