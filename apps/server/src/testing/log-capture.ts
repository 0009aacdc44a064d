import { pino } from 'pino';
import { createLogger, type Logger } from '../logger.ts';

export interface LogCapture {
  logger: Logger;
  /** Every line logged so far, parsed. */
  lines(): Record<string, unknown>[];
}

/** A real logger whose lines the test can read back (e.g. to find an error id). */
export function captureLogs(level: 'info' | 'warn' | 'error' = 'info'): LogCapture {
  const lines: string[] = [];
  const logger = pino({ level }, { write: (line: string) => void lines.push(line) });
  return { logger, lines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

/** A logger that writes nothing, for code under test that must be given one. */
export const silentLog = createLogger({ logLevel: 'silent' });
