import { AppError } from '@shopfront/core';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { callFunction } from '#src/lib/call-function.ts';
import { SESSION_QUERY_KEY } from '#src/lib/session-query-key.ts';
import { STORE_KEYS } from '#src/lib/store-keys.ts';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { warmUpDashboard } from './dashboard-warm-up.ts';

vi.mock('#src/lib/call-function.ts', () => ({ callFunction: vi.fn() }));
const call = callFunction as unknown as Mock;
afterEach(() => vi.clearAllMocks());

const user = { uid: 'user_1', email: 'ada@example.com' };
const stores = { stores: [{ id: 'store_1' }], activeStoreId: 'store_1' };
const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** Resolves once the query under `key` holds an answer or an error. */
const settled = (queryClient: QueryClient, key: readonly unknown[]) =>
  vi.waitFor(() => expect(['success', 'error']).toContain(queryClient.getQueryState(key)?.status));

describe('warmUpDashboard', () => {
  it('asks for the session, then the signed-in creator’s stores, into the hooks’ own cache keys', async () => {
    answerFunctions(call, { getCurrentUser: () => user, listMyStores: () => stores });
    const queryClient = client();
    warmUpDashboard(queryClient);
    expect(callsOf(call, 'getCurrentUser')).toHaveLength(1);
    await settled(queryClient, STORE_KEYS.mine);
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(user);
    expect(queryClient.getQueryData(STORE_KEYS.mine)).toEqual(stores);
    expect(callsOf(call, 'listMyStores')).toHaveLength(1);
  });

  it('asks for no stores when the visitor is signed out', async () => {
    answerFunctions(call, { getCurrentUser: () => null, listMyStores: () => stores });
    const queryClient = client();
    warmUpDashboard(queryClient);
    await settled(queryClient, SESSION_QUERY_KEY);
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();
    await new Promise((resolve) => setImmediate(resolve));
    expect(callsOf(call, 'listMyStores')).toHaveLength(0);
    expect(queryClient.getQueryState(STORE_KEYS.mine)).toBeUndefined();
  });

  it('leaves a failed session call to the hook (nothing thrown, no stores asked for)', async () => {
    answerFunctions(call, {
      getCurrentUser: () => {
        throw new AppError('unavailable');
      },
    });
    const queryClient = client();
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      warmUpDashboard(queryClient);
      await settled(queryClient, SESSION_QUERY_KEY);
      await new Promise((resolve) => setImmediate(resolve));
      expect(queryClient.getQueryState(SESSION_QUERY_KEY)?.status).toBe('error');
      expect(callsOf(call, 'listMyStores')).toHaveLength(0);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
