import { AppError, encodeError, encodeResult, HTTP_STATUS_BY_CODE, isAppError, type FunctionName } from '@shopfront/core';
import { afterEach, beforeEach, vi, type Mock } from 'vitest';

/** `/fn/{name}` on any origin: the callable protocol's path (spec §7). */
const FUNCTION_PATH = /^\/fn\/([^/?#]+)$/;

/**
 * The server, faked at the protocol: for each test `fetch` answers `POST /fn/{name}` by calling
 * the returned mock as `(name, data)` and sending what it returns (or throws) in the real wire
 * encoding, so the app's own `callFunction` runs end to end. Other requests go to the real fetch.
 *
 * Answer it with `answerFunctions(call, {...})`, `call.mockResolvedValueOnce(...)`,
 * `call.mockRejectedValueOnce(new AppError(...))`; read it with `callsOf(call, name)` or
 * `expect(call).toHaveBeenCalledWith(name, data)`. The data it receives went through JSON, as
 * on the wire. Faking the protocol instead of mocking the module (`vi.mock`) keeps test files
 * apart in the VM pools, where a module mock can reach another file's modules (vitest #11284).
 */
export function fakeFunctions(): Mock {
  const call = vi.fn();
  let previous: typeof fetch | undefined;
  const fake = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    const match = FUNCTION_PATH.exec(url.pathname);
    if (!match || (init?.method ?? 'GET').toUpperCase() !== 'POST') return previous!(input, init);
    return answer(call, decodeURIComponent(match[1]!), init);
  };
  beforeEach(() => {
    previous = globalThis.fetch;
    vi.stubGlobal('fetch', fake);
  });
  afterEach(() => {
    // A test's own `vi.unstubAllGlobals()` may have put the real fetch back already.
    if (globalThis.fetch === fake) vi.stubGlobal('fetch', previous);
  });
  return call;
}

function answer(call: Mock, name: string, init: RequestInit | undefined): Promise<Response> {
  const signal = init?.signal;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const { data } = JSON.parse(String(init?.body ?? '{"data":null}')) as { data: unknown };
  // Called before the first await, as a real fetch sends before it answers: a test may count
  // the calls right after the action that makes them.
  let pending: Promise<unknown>;
  try {
    pending = Promise.resolve(call(name as FunctionName, data));
  } catch (error) {
    pending = Promise.reject(error);
  }
  const reply = pending.then(
    (result) => respond(200, encodeResult(result)),
    (error: unknown) => {
      // The server answers any other exception as `internal`; the fake keeps its message.
      const refusal = isAppError(error) ? error : new AppError('internal', error instanceof Error ? error.message : String(error));
      return respond(HTTP_STATUS_BY_CODE[refusal.code], encodeError(refusal));
    },
  );
  if (!signal) return reply;
  // The caller's abort (or callFunction's timeout) ends the request, as in a browser.
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    reply.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function respond(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}
