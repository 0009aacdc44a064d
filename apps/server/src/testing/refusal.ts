import { AppError } from '@shopfront/core';

/** The AppError a domain call refuses with, as its caller sees it (code and message); fails the test if it resolves or throws something else. */
export async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { code: error.code, message: error.message };
}
