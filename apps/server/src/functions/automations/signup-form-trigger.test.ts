import { AUTOMATION_MESSAGES, MESSAGES, type AutomationStep, type AutomationTrigger, type NestableWebsiteBlock } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { automationRuns, automations, customers } from '#src/db/schema/index.ts';
import { WEBSITE_SUBSCRIBE_PATH } from '#src/http/routes/storefront/website-routes.ts';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { pageContent, seedWebsitePage } from '#src/testing/website-pages.ts';

const missingId = (prefix: string) => `${prefix}_${'0'.repeat(20)}`;
const steps: AutomationStep[] = [{ id: 'hi', type: 'email', subject: 'Welcome', previewText: '', body: [] }];

interface Fixture {
  t: TestApp;
  store: { id: string };
  malloryStore: { id: string };
  call: (name: string, data: Record<string, unknown>) => Promise<LightMyRequestResponse>;
  ok: (name: string, data: Record<string, unknown>) => Promise<Record<string, unknown>>;
}

async function fixture(): Promise<Fixture> {
  const t = await createTestApp();
  const owner: TestCreator = await signedInCreator(t);
  const store = await createStoreAs(t, owner, 'forms-site');
  const malloryStore = await createStoreAs(t, await signedInCreator(t), 'forms-site-m');
  const call = (name: string, data: Record<string, unknown>) => callFunction(t.app, name, { storeId: store.id, ...data }, { as: owner });
  const ok = async (name: string, data: Record<string, unknown>) => {
    const reply = await call(name, data);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().result as Record<string, unknown>;
  };
  return { t, store, malloryStore, call, ok };
}

const signup = (id: string, heading: string): NestableWebsiteBlock => ({ type: 'EmailSignup', props: { id, heading, buttonLabel: 'Join', consentLabel: 'Email me' } });
const fromForm = (form: string | null) => ({ kind: 'joined', source: 'signup-form', productId: null, form }) as const;

/** "Joined through a given signup form" (docs/automations.md): the forms listed, the trigger checked, the right runs started. */
describe('a given website signup form as an automation trigger', () => {
  let f: Fixture;
  let address = 0;
  const post = (form: Record<string, string>) =>
    f.t.app.inject({
      method: 'POST',
      url: WEBSITE_SUBSCRIBE_PATH,
      remoteAddress: `10.9.0.${++address}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ storeId: f.store.id, consent: 'true', returnTo: '/', ...form }).toString(),
    });
  const contact = async (email: string) => (await f.t.db.select().from(customers).where(and(eq(customers.storeId, f.store.id), eq(customers.email, email))))[0]!;
  const runIds = async (automationId: string) =>
    (await f.t.db.select().from(automationRuns).where(eq(automationRuns.automationId, automationId)).orderBy(automationRuns.createdAt)).map((run) => run.customerId);
  const addAutomation = async (trigger: AutomationTrigger) => {
    const id = newId('aut');
    await f.t.db.insert(automations).values({ id, storeId: f.store.id, name: 'Flow', status: 'live', triggerKind: trigger.kind, trigger, steps });
    return id;
  };

  beforeAll(async () => {
    f = await fixture();
    await seedWebsitePage(f.t.db, f.store.id, {
      slug: 'join',
      title: 'Join',
      published: pageContent(signup('EmailSignup-news', 'Get the newsletter'), {
        type: 'Columns',
        props: { id: 'Columns-1', layout: '1-1', left: [signup('EmailSignup-guide', 'Get the free guide')], middle: [], right: [] },
      }),
    });
    await seedWebsitePage(f.t.db, f.store.id, {
      slug: 'soon',
      title: 'Coming soon',
      position: 1,
      published: null,
      draft: pageContent(signup('EmailSignup-wait', 'Join the waitlist')),
    });
    await seedWebsitePage(f.t.db, f.malloryStore.id, { slug: 'theirs', title: 'Theirs', published: pageContent(signup('EmailSignup-theirs', 'Their list')) });
  });
  afterAll(() => f?.t.close());

  it('lists the website’s forms in page order, those inside columns and in unpublished drafts too', async () => {
    expect(await f.ok('listSignupForms', {})).toEqual({
      forms: [
        { form: 'EmailSignup-news', heading: 'Get the newsletter', pageTitle: 'Join', pageSlug: 'join', published: true },
        { form: 'EmailSignup-guide', heading: 'Get the free guide', pageTitle: 'Join', pageSlug: 'join', published: true },
        { form: 'EmailSignup-wait', heading: 'Join the waitlist', pageTitle: 'Coming soon', pageSlug: 'soon', published: false },
      ],
    });
  });

  it('another creator’s store answers exactly like a missing one', async () => {
    const foreign = errorOf(await f.call('listSignupForms', { storeId: f.malloryStore.id }));
    expect(foreign).toEqual(errorOf(await f.call('listSignupForms', { storeId: missingId('store') })));
    expect(foreign.message).toBe(MESSAGES.stores.notFound);
  });

  it('saves a trigger naming one of its forms; refuses another store’s form, an unknown one, and a form on another source', async () => {
    const created = await f.ok('createAutomation', { name: 'Guide welcome', trigger: fromForm('EmailSignup-guide') });
    expect(created.trigger).toEqual(fromForm('EmailSignup-guide'));
    const refusal = async (trigger: unknown) => errorOf(await f.call('updateAutomation', { automationId: created.id, name: 'Guide welcome', trigger, steps: [] }));
    expect(await refusal(fromForm('EmailSignup-theirs'))).toMatchObject({ status: 'NOT_FOUND', message: AUTOMATION_MESSAGES.formNotFound });
    expect(await refusal(fromForm('EmailSignup-nowhere'))).toMatchObject({ status: 'NOT_FOUND', message: AUTOMATION_MESSAGES.formNotFound });
    expect(await refusal({ kind: 'joined', source: 'any', productId: null, form: 'EmailSignup-guide' })).toMatchObject({ message: AUTOMATION_MESSAGES.formOnlyForSignupForm });
    expect((await refusal({ ...fromForm('bad key!'), form: 'bad key!' })).status).toBe('INVALID_ARGUMENT');
    const moved = await f.ok('updateAutomation', { automationId: created.id, name: 'Guide welcome', trigger: fromForm('EmailSignup-wait'), steps: [] });
    expect(moved.trigger).toEqual(fromForm('EmailSignup-wait'));
  });

  it('a signup through one form starts that form’s automation and the any-form one, not another form’s; the zone is kept', async () => {
    const guide = await addAutomation(fromForm('EmailSignup-guide'));
    const news = await addAutomation(fromForm('EmailSignup-news'));
    const anyForm = await addAutomation(fromForm(null));
    // Saved before forms could be named: no `form` at all means any form.
    const older = await addAutomation({ kind: 'joined', source: 'signup-form', productId: null });

    const reply = await post({ email: 'reader@example.com', block: 'EmailSignup-guide', timeZone: 'Asia/Tokyo' });
    expect(reply.statusCode).toBe(303);
    expect(reply.headers.location).toBe('/#ws-signup-done-EmailSignup-guide');
    const reader = await contact('reader@example.com');
    expect(reader).toMatchObject({ marketingConsent: true, timeZone: 'Asia/Tokyo' });
    expect(await runIds(guide)).toEqual([reader.id]);
    expect(await runIds(news)).toEqual([]);
    expect(await runIds(anyForm)).toEqual([reader.id]);
    expect(await runIds(older)).toEqual([reader.id]);

    // A form posting no key (or a malformed one) is "some form": only the any-form automations.
    expect((await post({ email: 'nokey@example.com', block: 'bad key!' })).headers.location).toBe('/#ws-signup-done-signup');
    const nokey = await contact('nokey@example.com');
    expect(nokey.timeZone).toBeNull();
    expect(await runIds(guide)).toEqual([reader.id]);
    expect(await runIds(anyForm)).toEqual([reader.id, nokey.id]);

    // The callable takes the form too.
    expect((await f.call('subscribeToStoreEmail', { email: 'news@example.com', consent: true, form: 'EmailSignup-news' })).statusCode).toBe(200);
    expect(await runIds(news)).toEqual([(await contact('news@example.com')).id]);
  });
});
