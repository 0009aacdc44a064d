import { pino } from 'pino';
import type { Logger } from '../logger.ts';

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
