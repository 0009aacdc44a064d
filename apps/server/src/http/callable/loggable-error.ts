/**
 * An exception as it may appear in a log line: its type, code, message and stack, through its
 * `cause` chain, without the values a query carried. Drizzle puts every bound parameter (emails,
 * names) in its message after `params:`; PostgreSQL quotes values in its data-error messages and
 * repeats key values in `detail`. None of that belongs in a log.
 */
export interface LoggableError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  constraint?: string;
  table?: string;
  cause?: LoggableError;
}

const PARAMS = /\nparams: [\s\S]*/;

function redact(text: string): string {
  return text.replace(PARAMS, '\nparams: [redacted]');
}

export function loggableError(error: unknown, depth = 0): LoggableError {
  if (!(error instanceof Error)) return { type: typeof error, message: '[non-error thrown]' };
  const fields = error as Error & { code?: unknown; constraint?: unknown; table?: unknown; cause?: unknown };
  // PostgreSQL data and integrity errors (SQLSTATE classes 22 and 23) quote the offending value.
  const quotesInput = typeof fields.code === 'string' && /^2[23][0-9A-Z]{3}$/.test(fields.code);
  const out: LoggableError = { type: error.name, message: quotesInput ? `[redacted: SQLSTATE ${String(fields.code)}]` : redact(error.message) };
  if (error.stack) out.stack = error.stack.includes(error.message) ? error.stack.replace(error.message, out.message) : redact(error.stack);
  if (typeof fields.code === 'string') out.code = fields.code;
  if (typeof fields.constraint === 'string') out.constraint = fields.constraint;
  if (typeof fields.table === 'string') out.table = fields.table;
  if (fields.cause !== undefined && depth < 4) out.cause = loggableError(fields.cause, depth + 1);
  return out;
}
