import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { callFunction } from '#src/testing/call-function.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { createStoreAs, setFlag } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

export interface WebsiteFixture {
  t: TestApp;
  owner: TestCreator;
  mallory: TestCreator;
  store: { id: string; slug: string };
  malloryStore: { id: string; slug: string };
  call: (name: string, data: Record<string, unknown>, as?: TestCreator) => Promise<LightMyRequestResponse>;
  /** The result of a call that must succeed. */
  ok: (name: string, data: Record<string, unknown>, as?: TestCreator) => Promise<Record<string, unknown>>;
  createPage: (title: string, slug: string) => Promise<{ id: string; slug: string }>;
}

/** An app with the websiteBuilder flag on, a creator and a stranger, each with a store. */
export async function websiteFixture(slug: string, options: { now?: () => Date } = {}): Promise<WebsiteFixture> {
  const t = await createTestApp({ now: options.now });
  await setFlag(t, 'websiteBuilder', true);
  const owner = await signedInCreator(t);
  const mallory = await signedInCreator(t);
  const store = await createStoreAs(t, owner, slug);
  const malloryStore = await createStoreAs(t, mallory, `${slug}-m`);
  const call = (name: string, data: Record<string, unknown>, as: TestCreator = owner) =>
    callFunction(t.app, name, { storeId: store.id, ...data }, { as });
  const ok = async (name: string, data: Record<string, unknown>, as: TestCreator = owner) => {
    const reply = await call(name, data, as);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().result as Record<string, unknown>;
  };
  const createPage = async (title: string, pageSlug: string) => (await ok('createWebsitePage', { title, slug: pageSlug })) as { id: string; slug: string };
  return { t, owner, mallory, store, malloryStore, call, ok, createPage };
}

export const emptyPage = () => ({ root: { props: {} }, content: [] as unknown[] });

export const pageWith = (...content: unknown[]) => ({ root: { props: {} }, content });

export const richText = (html: string, id = 'rt') => ({ type: 'RichText', props: { id, html } });

export const spacer = (id = 'sp') => ({ type: 'Spacer', props: { id, size: 'md', divider: true } });

/** A well-formed id nobody has. */
export const missingId = (prefix: string) => `${prefix}_${'0'.repeat(20)}`;
