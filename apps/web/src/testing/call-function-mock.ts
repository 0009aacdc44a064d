import { AppError, type FunctionName } from '@shopfront/core';
import type { Mock } from 'vitest';

type Handler = (data: never) => unknown;

/**
 * Answers the faked server (`fakeFunctions()`, fake-functions.ts) by function name; a handler
 * that throws an AppError is the server's refusal. Unknown names answer not-found.
 */
export function answerFunctions(mock: Mock, handlers: Partial<Record<FunctionName, Handler>>) {
  mock.mockImplementation(async (name: FunctionName, data: unknown) => {
    const handler = handlers[name];
    if (!handler) throw new AppError('not-found', `No test answer for ${name}`);
    return handler(data as never);
  });
}

/** The inputs the faked server received for one function, in call order. */
export function callsOf(mock: Mock, name: FunctionName): unknown[] {
  return mock.mock.calls.filter(([called]) => called === name).map(([, data]) => data);
}
