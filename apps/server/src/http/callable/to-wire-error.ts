import { randomUUID } from 'node:crypto';
import { AppError, HTTP_STATUS_BY_CODE, isAppError, MESSAGES } from '@shopfront/core';
import type { FastifyBaseLogger } from 'fastify';
import { appErrorForDatabaseFailure } from '#src/db/errors.ts';
import { loggableError } from './loggable-error.ts';

export const BODY_TOO_LARGE_MESSAGE = 'Request body is too large.';

export interface WireFailure {
  error: AppError;
  httpStatus: number;
}

/**
 * CONVENTIONS rule 5: the one place an exception becomes a reply. AppErrors keep their code and
 * message; an unreachable database is `unavailable`; anything else is a generic `internal` with
 * an error id that is in the reply details and in the log line, never the stack.
 */
export function toWireFailure(error: unknown, log: FastifyBaseLogger, bodyLimitBytes: number): WireFailure {
  if (isAppError(error) && error.code !== 'ok') {
    return { error, httpStatus: HTTP_STATUS_BY_CODE[error.code] };
  }
  const fromDatabase = appErrorForDatabaseFailure(error);
  if (fromDatabase) {
    log.warn({ failure: loggableError(error) }, 'database unavailable');
    return { error: fromDatabase, httpStatus: HTTP_STATUS_BY_CODE[fromDatabase.code] };
  }
  if (isRefusedCharacter(error)) {
    // The contracts refuse such text first; this keeps any other path (a route's params) at 400.
    log.warn({ code: CHARACTER_NOT_IN_REPERTOIRE }, 'text the database refuses');
    return { error: new AppError('invalid-argument', MESSAGES.generic.invalidArgument), httpStatus: 400 };
  }
  if (isHeaderError(error)) {
    // A header value the reply could not carry; the app error handler drops the bad headers first.
    log.warn({ code: (error as { code: string }).code }, 'invalid response header refused');
    return { error: new AppError('invalid-argument', MESSAGES.generic.invalidArgument), httpStatus: 400 };
  }
  const frameworkStatus = clientErrorStatus(error);
  if (frameworkStatus === 413) {
    // Firebase has no code for 413: INVALID_ARGUMENT says "fix the request" (retrying cannot help).
    return {
      error: new AppError('invalid-argument', BODY_TOO_LARGE_MESSAGE, { limitBytes: bodyLimitBytes }),
      httpStatus: 413,
    };
  }
  if (frameworkStatus !== null) {
    const message = (error as Error).message || 'Invalid request.';
    return { error: new AppError('invalid-argument', message), httpStatus: 400 };
  }
  const errorId = randomUUID();
  log.error({ failure: loggableError(error), errorId }, 'unexpected error');
  return { error: new AppError('internal', 'An unexpected error occurred.', { errorId }), httpStatus: 500 };
}

/** PostgreSQL's answer to NUL in text ("invalid byte sequence for encoding UTF8: 0x00"). */
const CHARACTER_NOT_IN_REPERTOIRE = '22021';

function isRefusedCharacter(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if ((current as { code?: unknown }).code === CHARACTER_NOT_IN_REPERTOIRE) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Node refuses a header name or value (a control character, a newline) when the reply is written. */
const HEADER_ERROR_CODES = new Set(['ERR_INVALID_CHAR', 'ERR_INVALID_HTTP_TOKEN', 'ERR_HTTP_INVALID_HEADER_VALUE']);

export function isHeaderError(error: unknown): boolean {
  return error instanceof Error && HEADER_ERROR_CODES.has(String((error as { code?: unknown }).code));
}

/** Fastify's own request errors (FST_ERR_CTP_…): bad length, body too large, bad encoding. */
function clientErrorStatus(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const { code, statusCode } = error as Error & { code?: unknown; statusCode?: unknown };
  if (typeof code !== 'string' || !code.startsWith('FST_')) return null;
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 ? statusCode : null;
}
