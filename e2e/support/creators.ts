import { expect, request as playwrightRequest, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions } from '@playwright/test';
import { E2E_PORT } from './hosts.ts';
import { SUBJECTS, uniqueEmail, waitForCode } from './mailbox.ts';
import { uniqueSlug } from './seed.ts';

export interface Creator {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

async function callFn(api: APIRequestContext, name: string, data: unknown): Promise<unknown> {
  const response = await api.post(`/fn/${name}`, { data: { data }, headers: { Origin: `http://localhost:${E2E_PORT}` } });
  const body = (await response.json()) as { result?: unknown; error?: { status: string; message: string } };
  expect(body.error, `${name} failed: ${JSON.stringify(body.error)}`).toBeUndefined();
  return body.result;
}

/**
 * A signed-up creator made through the public functions (code read from the outbox), for journeys
 * that start from an existing account. Its own request context, so no cookie leaks into the test.
 */
export async function createCreator(request: APIRequestContext, prefix: string): Promise<Creator> {
  const creator = { email: uniqueEmail(prefix), password: 'first-Password-1', firstName: 'Grace', lastName: 'Hopper' };
  const api = await playwrightRequest.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  try {
    await callFn(api, 'sendVerificationCode', { email: creator.email, type: 'signup' });
    const code = await waitForCode(request, creator.email, { subject: SUBJECTS.signupCode });
    await callFn(api, 'verifyEmailCode', { email: creator.email, code, type: 'signup' });
    await callFn(api, 'signUp', { email: creator.email, password: creator.password, firstName: creator.firstName, lastName: creator.lastName });
  } finally {
    await api.dispose();
  }
  return creator;
}

/** A signed-in creator's own API context (session cookie inside), for front-door seeding. */
export interface CreatorApi {
  api: APIRequestContext;
  email: string;
  password: string;
  call<T>(name: string, data: unknown): Promise<T>;
}

export async function signedInCreator(request: APIRequestContext, prefix: string): Promise<CreatorApi> {
  return signInCreator(await createCreator(request, prefix));
}

/** Signs an existing creator in through the API, in a request context of its own. */
export async function signInCreator(creator: Creator): Promise<CreatorApi> {
  const api = await playwrightRequest.newContext({ baseURL: `http://localhost:${E2E_PORT}`, extraHTTPHeaders: { Origin: `http://localhost:${E2E_PORT}` } });
  const call = async <T>(name: string, data: unknown): Promise<T> => {
    const response = await api.post(`/fn/${name}`, { data: { data } });
    const body = (await response.json()) as { result?: T; error?: { message: string } };
    expect(body.error, `${name} failed: ${JSON.stringify(body.error)}`).toBeUndefined();
    return body.result as T;
  };
  await call('signInWithPassword', { email: creator.email, password: creator.password });
  return { api, email: creator.email, password: creator.password, call };
}

/** A creator with a first store, signed in through the API. */
export interface StoreOwner extends CreatorApi {
  storeId: string;
  slug: string;
  storeName: string;
}

/**
 * A creator and their first store made as signup makes them (`createStoreWithTenant`, in the
 * browser's time zone when given), for journeys that start after signup: the signup screens are
 * identity.spec.ts's and purchase-journey.spec.ts's.
 */
export async function createStoreOwner(request: APIRequestContext, prefix: string, options: { timeZone?: string } = {}): Promise<StoreOwner> {
  const creator = await signedInCreator(request, prefix);
  const storeName = `Maple Studio ${Date.now().toString(36).slice(-5)}`;
  const store = await creator.call<{ id: string; slug: string }>('createStoreWithTenant', {
    storeName,
    slug: uniqueSlug('maple'),
    description: '',
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  });
  return { ...creator, storeId: store.id, slug: store.slug, storeName };
}

/** A browser context holding the creator's API session (its cookie), so a page opens on the dashboard signed in. */
export async function signedInContext(browser: Browser, creator: CreatorApi, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ ...options, storageState: await creator.api.storageState() });
}
