import { DEFAULT_MESSAGE_BY_CODE, type ErrorCode } from './error-codes.ts';

/**
 * The one error shape (CONVENTIONS rule 5). Thrown by server code with a spec §8 message,
 * rebuilt by the web client from the wire reply.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(code: ErrorCode, message?: string, details?: unknown) {
    super(message ?? DEFAULT_MESSAGE_BY_CODE[code]);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
