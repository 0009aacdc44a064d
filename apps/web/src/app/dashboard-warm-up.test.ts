import { AppError } from '@shopfront/core';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_QUERY_KEY } from '#src/lib/session-query-key.ts';
import { STORE_KEYS } from '#src/lib/store-keys.ts';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { warmUpDashboard } from './dashboard-warm-up.ts';

const call = fakeFunctions();
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

describe('warmUpDashboard with the session in the document', () => {
  /** A document as the server sends a signed-in dashboard: the session answer in its element. */
  const documentWith = (wireBody: string) => {
    const doc = document.implementation.createHTMLDocument('dashboard');
    const element = doc.createElement('script');
    element.type = 'application/json';
    element.id = 'shopfront-session';
    element.textContent = wireBody;
    doc.head.append(element);
    return doc;
  };

  it('takes the session from the document without calling getCurrentUser, then asks for the stores', async () => {
    answerFunctions(call, { getCurrentUser: () => ({ uid: 'user_other' }), listMyStores: () => stores });
    const queryClient = client();
    const doc = documentWith(JSON.stringify({ result: user }));
    warmUpDashboard(queryClient, doc);
    await settled(queryClient, STORE_KEYS.mine);
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(user);
    expect(callsOf(call, 'getCurrentUser')).toHaveLength(0);
    expect(callsOf(call, 'listMyStores')).toHaveLength(1);
    expect(doc.getElementById('shopfront-session')).toBeNull();
  });

  it('reads a signed-out answer as signed out, and asks for no stores', async () => {
    answerFunctions(call, { getCurrentUser: () => user, listMyStores: () => stores });
    const queryClient = client();
    warmUpDashboard(queryClient, documentWith('{"result":null}'));
    await settled(queryClient, SESSION_QUERY_KEY);
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();
    await new Promise((resolve) => setImmediate(resolve));
    expect(callsOf(call, 'getCurrentUser')).toHaveLength(0);
    expect(callsOf(call, 'listMyStores')).toHaveLength(0);
  });

  it('turns an error answer into the session query’s error, with its message', async () => {
    const queryClient = client();
    const disabled = { error: { status: 'PERMISSION_DENIED', message: 'This account has been disabled.' } };
    warmUpDashboard(queryClient, documentWith(JSON.stringify(disabled)));
    await settled(queryClient, SESSION_QUERY_KEY);
    const state = queryClient.getQueryState(SESSION_QUERY_KEY);
    expect(state?.status).toBe('error');
    expect((state?.error as AppError).message).toBe('This account has been disabled.');
    expect(callsOf(call, 'getCurrentUser')).toHaveLength(0);
  });
});
