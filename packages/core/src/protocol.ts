import { AppError } from './app-error.ts';
import {
  codeForHttpStatus,
  codeForWireStatus,
  DEFAULT_MESSAGE_BY_CODE,
  wireStatusForCode,
  type ErrorCode,
} from './error-codes.ts';

/** Callable protocol (Firebase-compatible): request `{data}`, reply `{result}` or `{error}`. */
export interface WireError {
  status: string;
  message: string;
  details?: unknown;
}

export const PROTOCOL_MESSAGES = {
  notJson: 'Response is not valid JSON object.',
  missingData: 'Response is missing data field.',
} as const;

export function encodeResult(result: unknown): { result: unknown } {
  return { result: result === undefined ? null : result };
}

export function encodeError(error: AppError): { error: WireError } {
  const wire: WireError = { status: wireStatusForCode(error.code), message: error.message };
  if (error.details !== undefined) wire.details = error.details;
  return { error: wire };
}

/** The client half: turn an HTTP status and body text into a result, or throw an AppError. */
export function decodeResponse(httpStatus: number, bodyText: string): unknown {
  let body: unknown;
  try {
    body = bodyText === '' ? null : JSON.parse(bodyText);
  } catch {
    body = null;
  }
  const errorFromBody = readWireError(body);
  if (errorFromBody) throw errorFromBody;

  const codeFromHttp = codeForHttpStatus(httpStatus);
  if (codeFromHttp !== 'ok') throw new AppError(codeFromHttp, DEFAULT_MESSAGE_BY_CODE[codeFromHttp]);

  if (body === null || typeof body !== 'object') {
    throw new AppError('internal', PROTOCOL_MESSAGES.notJson);
  }
  const record = body as Record<string, unknown>;
  if (!('result' in record) && !('data' in record)) {
    throw new AppError('internal', PROTOCOL_MESSAGES.missingData);
  }
  return 'result' in record ? record.result : record.data;
}

function readWireError(body: unknown): AppError | null {
  if (!body || typeof body !== 'object' || !('error' in body)) return null;
  const raw = (body as { error: unknown }).error;
  if (!raw || typeof raw !== 'object') return null;
  const wire = raw as Partial<WireError>;
  const code: ErrorCode = codeForWireStatus(wire.status) ?? 'internal';
  const message = typeof wire.message === 'string' && wire.message ? wire.message : DEFAULT_MESSAGE_BY_CODE[code];
  return new AppError(code, message, wire.details);
}
