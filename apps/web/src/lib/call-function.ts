import {
  AppError,
  decodeResponse,
  FUNCTION_TIMEOUT_MS,
  type FunctionInput,
  type FunctionName,
  type FunctionOutput,
} from '@shopfront/core';

export interface CallOptions {
  signal?: AbortSignal;
  /** Tests shorten it; the product uses spec §9's 70 s. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

/**
 * The callable protocol's browser half (spec §7): POST `/fn/{name}` with `{data}`, the session
 * cookie included. Every failure becomes an AppError whose message the UI shows as is.
 */
export async function callFunction<N extends FunctionName>(
  name: N,
  data: FunctionInput<N>,
  options: CallOptions = {},
): Promise<FunctionOutput<N>> {
  const { signal, timeoutMs = FUNCTION_TIMEOUT_MS, fetchImpl = fetch } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  signal?.addEventListener('abort', onCallerAbort, { once: true });

  try {
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(`/fn/${name}`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ data: data ?? null }),
        signal: controller.signal,
      });
      text = await response.text();
    } catch (error) {
      if (timedOut) throw new AppError('deadline-exceeded');
      if (signal?.aborted) throw new AppError('cancelled');
      throw new AppError('unavailable', undefined, { cause: String(error) });
    }
    return decodeResponse(response.status, text) as FunctionOutput<N>;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}
