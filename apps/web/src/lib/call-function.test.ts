import { AppError, FUNCTION_TIMEOUT_MS } from '@shopfront/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callFunction } from './call-function.ts';

const jsonResponse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

afterEach(() => vi.useRealTimers());

describe('callFunction (spec §7 callable protocol)', () => {
  it('POSTs {data} as JSON to /fn/{name} with the session cookie and returns the result', async () => {
    const fetchImpl = vi.fn(async () => jsonResponse(200, { result: null }));
    await expect(callFunction('lookupStore', { by: 'slug', slug: 'cozy-mugs' }, { fetchImpl })).resolves.toBeNull();
    expect(fetchImpl).toHaveBeenCalledWith(
      '/fn/lookupStore',
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        body: JSON.stringify({ data: { by: 'slug', slug: 'cozy-mugs' } }),
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );
  });

  it('throws the server error as an AppError with its code and message', async () => {
    const fetchImpl = async () => jsonResponse(409, { error: { status: 'ALREADY_EXISTS', message: 'A store with this name already exists' } });
    const call = callFunction('getPlatformStatus', {}, { fetchImpl });
    await expect(call).rejects.toBeInstanceOf(AppError);
    await expect(callFunction('getPlatformStatus', {}, { fetchImpl })).rejects.toMatchObject({
      code: 'already-exists',
      message: 'A store with this name already exists',
    });
  });

  it('turns a network failure into unavailable', async () => {
    const fetchImpl = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(callFunction('getPlatformStatus', {}, { fetchImpl })).rejects.toMatchObject({
      code: 'unavailable',
      message: 'Service temporarily unavailable. Please try again.',
    });
  });

  it('gives up after the timeout with deadline-exceeded, and not before', async () => {
    vi.useFakeTimers();
    let aborted = false;
    const fetchImpl = (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    const call = callFunction('getPlatformStatus', {}, { fetchImpl });
    const outcome = expect(call).rejects.toMatchObject({ code: 'deadline-exceeded', message: 'Request timed out. Please try again.' });
    await vi.advanceTimersByTimeAsync(FUNCTION_TIMEOUT_MS - 1);
    expect(aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(FUNCTION_TIMEOUT_MS).toBe(70_000);
  });

  it('reports a body that is not JSON', async () => {
    const fetchImpl = async () => new Response('<html>', { status: 200 });
    await expect(callFunction('getPlatformStatus', {}, { fetchImpl })).rejects.toMatchObject({
      code: 'internal',
      message: 'Response is not valid JSON object.',
    });
  });
});
