import { describe, expect, it } from 'vitest';
import { loggableError } from './loggable-error.ts';

describe('loggableError', () => {
  it('keeps the query but not its params, through the cause chain', () => {
    const pgError = Object.assign(new Error('invalid input syntax for type integer: "ada@example.com"'), { code: '22P02' });
    const drizzle = new Error('Failed query: select $1::int\nparams: ada@example.com,Ada', { cause: pgError });
    const logged = loggableError(drizzle);
    expect(logged).toMatchObject({
      message: 'Failed query: select $1::int\nparams: [redacted]',
      cause: { code: '22P02', message: '[redacted: SQLSTATE 22P02]' },
    });
    expect(JSON.stringify(logged)).not.toContain('ada@example.com');
  });

  it('keeps the message of errors that quote no input', () => {
    const error = Object.assign(new Error('relation "nope" does not exist'), { code: '42P01' });
    expect(loggableError(error)).toMatchObject({ type: 'Error', code: '42P01', message: 'relation "nope" does not exist' });
    expect(loggableError('a string')).toEqual({ type: 'string', message: '[non-error thrown]' });
  });
});
